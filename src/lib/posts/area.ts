import { defineArea } from '../area';
import { postsApi } from './api';

export const postsArea = defineArea({ name: 'posts', api: postsApi });
