import { defineArea } from '../area';
import { playersApi, playerStaffApi } from './api';

export const playersArea = defineArea({ name: 'players', api: [...playersApi, ...playerStaffApi] });
