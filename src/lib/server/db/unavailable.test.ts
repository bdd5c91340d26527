import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database unavailable, told from other failures', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET', 'read ECONNRESET')],
    ['server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['pool lost its connection', new Error('Connection terminated unexpectedly')],
    ['wrapped', new DatabaseUnavailableError('health', { cause: withCode('ECONNREFUSED') })],
  ])('%s', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a syntax error', withCode('42601', 'syntax error at or near "SELEC"')],
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONN'],
    ['waiting for a free pooled connection (busy, not down)', new Error('timeout exceeded when trying to connect')],
  ])('not for %s', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
