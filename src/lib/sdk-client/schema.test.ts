import { describe, expect, it } from 'vitest';
import { apiHandlers } from '../../app/server';
import { buildOpenApi } from '../openapi/document';
import { sdkSchemaSource } from './generate';

/**
 * The drift check: the committed schema.ts is exactly what openapi-typescript makes of the SDK part of the
 * document the server serves (built from the same handlers). `npm run sdk:client` (vitest -u on this file)
 * rewrites it; CI never writes it, so a difference fails the run.
 */
describe('the generated SDK client types', () => {
  it('are up to date with the served OpenAPI document (else run npm run sdk:client)', async () => {
    const source = await sdkSchemaSource(buildOpenApi(apiHandlers));
    await expect(source).toMatchFileSnapshot('./schema.ts');
  });
});
