import { defineArea } from '../area';
import { s3Api } from './api';

export const s3Area = defineArea({ name: 's3', api: s3Api });
