import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES, PARAMS, validateEvent, type Field } from '../events';
import type { ColumnStore } from './types';
import { tempChdb } from './hand-made.testkit';

/**
 * The reports read event params with ClickHouse's simpleJSONExtract* (src/lib/analytics/store/schema.ts): about
 * ten times faster than JSONExtract*, and exact because the console writes params itself (JSON.stringify of the
 * validated, flat, scalar payload: one top-level field per name, no whitespace). Fractions are read as the raw
 * number's text parsed by toFloat64, since simpleJSONExtractFloat may miss the last digit of an extreme value
 * (-1.7564045459855045e-284 read as …048e-284, found by this test). This checks the claim on arbitrary payloads,
 * texts full of quotes, backslashes, field-name look-alikes and any Unicode.
 */
const chdb = tempChdb('params-extract');
let store: ColumnStore;
beforeAll(() => {
  store = chdb();
});

const now = Date.parse('2026-03-10T12:00:00Z');
const lookAlikes = fc.constantFrom('"level":7', 'level', '\\"mode\\":', '{"name":"x"}', '\\', '"', ',"value":1', '\u0000', '\u2028', '😀', 'é');
const textOf = (max: number) => fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), lookAlikes), { maxLength: 6 }).map((parts) => parts.join('').slice(0, max));

function valueOf(field: Field): fc.Arbitrary<unknown> {
  if (field.type === 'int') return fc.integer({ min: Math.max(field.min, Number.MIN_SAFE_INTEGER), max: Math.min(field.max, Number.MAX_SAFE_INTEGER) });
  if (field.type === 'number') return fc.oneof(fc.double({ min: field.min, max: field.max, noNaN: true }), fc.constantFrom(1e-7, -2.5e-9, 0.1, 1e11 + 0.5));
  if (field.type === 'enum') return fc.constantFrom(...field.values);
  if ('pattern' in field && field.pattern) return fc.constantFrom('USD', 'VND', 'EUR');
  return textOf(field.max).filter((s) => s.trim().length > 0);
}

const eventArb = fc.constantFrom(...EVENT_NAMES).chain((name) => {
  const fields = PARAMS[name] as Record<string, Field>;
  return fc.record(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, valueOf(f)]))).map((params) => ({ name, params }));
});

describe('params read the fast way equal JSONExtract*', () => {
  it('for every field of every event name, on 400 arbitrary payloads as the console stores them', async () => {
    const stored: { name: string; p: string }[] = [];
    fc.assert(
      fc.property(eventArb, ({ name, params }) => {
        const e = validateEvent({ id: `p${stored.length}`, name, userId: 'u', time: now - 1000, appVersion: '1.0', params }, 1, now);
        if ('id' in e) stored.push({ name, p: JSON.stringify(e.params) });
      }),
      { numRuns: 400, seed: 43 },
    );
    expect(stored.length).toBeGreaterThan(300);
    // Each field as the reports read it: on its own event name, with its own type.
    const checks = Object.entries(PARAMS).flatMap(([name, fields]) =>
      Object.entries(fields as Record<string, Field>).map(([k, f]) => {
        const full = f.type === 'int' ? `JSONExtractInt(p, '${k}')` : f.type === 'number' ? `JSONExtractFloat(p, '${k}')` : `JSONExtractString(p, '${k}')`;
        const simple = f.type === 'int' ? `simpleJSONExtractInt(p, '${k}')` : f.type === 'number' ? `toFloat64OrZero(simpleJSONExtractRaw(p, '${k}'))` : `simpleJSONExtractString(p, '${k}')`;
        return `SELECT '${name}.${k}' AS field, p, toString(${full}) AS full, toString(${simple}) AS simple FROM rows WHERE name = '${name}'`;
      }),
    );
    const differing = await store.query(
      `WITH rows AS (SELECT t.1 AS name, t.2 AS p FROM (SELECT arrayJoin(arrayZip({names:Array(String)}, {ps:Array(String)})) AS t))
       SELECT * FROM (${checks.join(' UNION ALL ')}) WHERE full != simple`,
      { names: stored.map((r) => r.name), ps: stored.map((r) => r.p) },
    );
    expect(differing).toEqual([]);
  }, 60_000);
});
