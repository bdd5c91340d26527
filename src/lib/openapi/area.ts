import { defineArea, type AreaManifest } from '../area';
import type { ApiHandler } from '../server/api/handler';
import { openApiApi } from './api';

/** The OpenAPI area describes every endpoint: the composition root gives it the whole list. */
export const openApiArea = (all: () => readonly ApiHandler[]): AreaManifest => defineArea({ name: 'openapi', api: openApiApi(all) });
