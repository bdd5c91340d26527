import { defineArea } from '../area';
import { sdkCheckApi } from './api';

export const sdkCheckArea = defineArea({ name: 'sdk-check', api: sdkCheckApi });
