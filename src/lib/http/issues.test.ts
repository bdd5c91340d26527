import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numberFromText, serialId } from '../contract';
import { describeIssues } from './issues';

/** The one mapping of validation issues to messages (API answers and forms): what is wrong, not "is required". */
const schema = z.object({
  value: z.number().int(),
  name: z.string().min(1).max(3),
  kind: z.enum(['best', 'latest']),
  id: serialId('a mail'),
  level: numberFromText(z.number().int().min(0).max(2_147_483_647).optional()),
  list: z.array(z.number()).max(2),
});
const message = (input: Record<string, unknown>) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? 'ok' : describeIssues(parsed.error, input);
};
const valid = { value: 1, name: 'ab', kind: 'best', id: 5, list: [] };

describe('describeIssues', () => {
  it.each([
    [{ value: 1.5 }, 'value: expected a whole number, got 1.5'],
    [{ value: '10' }, 'value: expected a number, got text'],
    [{ value: undefined }, 'value: is required'],
    [{ name: 5 }, 'name: expected text, got 5'],
    [{ name: '' }, 'name: must not be empty'],
    [{ name: 'abcd' }, 'name: must be at most 3 characters'],
    [{ kind: 'sum' }, 'kind: expected one of best, latest'],
    [{ id: true }, 'id: expected a number, got true'],
    [{ id: 'abc' }, 'id: expected a number, got text'],
    [{ id: '' }, 'id: is required'],
    [{ id: '3000000000' }, 'id: must be a mail id'],
    [{ level: 'abc' }, 'level: expected a number, got text'],
    [{ level: '3000000000' }, 'level: must be at most 2,147,483,647'],
    [{ level: -1 }, 'level: must be at least 0'],
    [{ list: [1, 2, 3] }, 'list: must be at most 2 items'],
    [{ list: [1, 'x'] }, 'list.1: expected a number, got text'],
  ])('%j → %s', (change, expected) => {
    expect(message({ ...valid, ...change })).toBe(expected);
  });

  it('reads numbers sent as text (paths, queries) and leaves absent what was empty', () => {
    expect(schema.parse({ ...valid, id: '12', level: ' 3 ' })).toMatchObject({ id: 12, level: 3 });
    expect(schema.parse({ ...valid, level: '' }).level).toBeUndefined();
  });
});
