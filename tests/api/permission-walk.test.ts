import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountContract } from '../../src/lib/accounts/contract';
import type { Contract } from '../../src/lib/contract';
import { saveRoleContract } from '../../src/lib/roles/contract';
import { raw, signedInAs, tokensFor } from './helpers';

// Every contract module of the app; each endpoint's needed route or actions is declared in its contract.
const modules = import.meta.glob('../../src/lib/**/contract.ts', { eager: true }) as Record<string, Record<string, unknown>>;
const contracts = Object.values(modules)
  .flatMap((m) => Object.values(m))
  .flatMap((v) => (Array.isArray(v) ? v : [v]))
  .filter((v): v is Contract => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'request' in v)
  .filter((c) => typeof c.access === 'object');

function call(contract: Contract, token: string) {
  const path = contract.path.replace(/:([A-Za-z_]+)/g, 'nobody-such');
  return raw(contract.method, path, { token, body: contract.method === 'POST' || contract.method === 'PUT' ? '{}' : undefined });
}

describe('permission walk over every protected endpoint', () => {
  let nobody: string;
  let root: string;
  beforeAll(async () => {
    const admin = await signedInAs('root');
    await admin(saveRoleContract, { name: 'walker', description: 'no permissions at all', paths: [], privateActions: [] });
    await admin(createAccountContract, { username: 'walker1', role: 'walker', password: 'walker-passphrase-1' });
    nobody = (await tokensFor('walker1', 'walker-passphrase-1')).accessToken;
    root = admin.tokens.accessToken;
  });

  it('finds the protected endpoints', () => {
    expect(contracts.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 403 "Permission invalid" to an account without the route or action', async () => {
    for (const contract of contracts) {
      const response = await call(contract, nobody);
      expect(response.status, `${contract.method} ${contract.path}`).toBe(403);
      expect(response.json.message, `${contract.method} ${contract.path}`).toBe('Permission invalid');
    }
  });

  it('lets root past the permission check of every endpoint', async () => {
    for (const contract of contracts) {
      const response = await call(contract, root);
      expect([401, 403], `${contract.method} ${contract.path} answered ${response.status}: ${response.json?.message}`).not.toContain(response.status);
      expect(response.status, `${contract.method} ${contract.path}`).toBeLessThan(500);
    }
  });
});
