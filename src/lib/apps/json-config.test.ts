import { describe, expect, it } from 'vitest';
import { checkConfig, positionOf } from './json-config';

function problem(text: string) {
  const result = checkConfig(text);
  if (result.ok) throw new Error('expected a problem');
  return result.problem;
}

describe('checkConfig', () => {
  it('accepts an object and answers it parsed', () => {
    const result = checkConfig('{\n  "ads": { "every": 3 },\n  "list": [1, 2.5, -3e2, true, false, null, "a\\n\\u00e9"]\n}');
    expect(result).toEqual({ ok: true, value: { ads: { every: 3 }, list: [1, 2.5, -300, true, false, null, 'a\né'] } });
    expect(checkConfig('{}')).toEqual({ ok: true, value: {} });
  });

  it('reports a missing comma with its line and column', () => {
    expect(problem('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ line: 3, column: 3, message: "line 3, column 3: expected ',' or '}' after a property value, found '\"'" });
  });

  it('reports a trailing comma, single quotes, unquoted keys and comments', () => {
    expect(problem('{\n  "a": 1,\n}')).toMatchObject({ line: 3, column: 1, reason: "trailing comma before '}'" });
    expect(problem("{ 'a': 1 }").reason).toBe("property names must be double-quoted strings, found '''");
    expect(problem('{ "a": \'x\' }').reason).toBe('strings must use double quotes (")');
    expect(problem('{ a: 1 }')).toMatchObject({ line: 1, column: 3 });
    expect(problem('{\n  // note\n  "a": 1 }')).toMatchObject({ line: 2, column: 3, reason: 'comments are not allowed in JSON' });
    expect(problem('{ "a": [1, 2,] }').reason).toBe("trailing comma before ']'");
  });

  it('refuses duplicate keys at the second occurrence', () => {
    expect(problem('{\n  "ads": 1,\n  "ads": 2\n}')).toMatchObject({ line: 3, column: 3, reason: 'duplicate key "ads"' });
  });

  it('refuses a config that is not an object, empty, unfinished or followed by text', () => {
    expect(problem('[1, 2]').reason).toMatch(/must be a JSON object/);
    expect(problem('  ').reason).toMatch(/empty/);
    expect(problem('{ "a": 1').reason).toMatch(/expected ',' or '}'/);
    expect(problem('{ "a": "open }')).toMatchObject({ line: 1, column: 8, reason: 'this string is never closed (missing ")' });
    expect(problem('{ "a": 1 } x')).toMatchObject({ column: 12, reason: "unexpected 'x' after the end of the config object" });
    expect(problem('{ "a": }').reason).toBe("expected a value before '}'");
  });

  it('refuses bad numbers, escapes and raw line breaks in strings', () => {
    expect(problem('{ "a": 01 }').reason).toMatch(/invalid number/);
    expect(problem('{ "a": 1. }').reason).toMatch(/invalid number/);
    expect(problem('{ "a": "\\x" }').reason).toBe('invalid escape sequence \\x in a string');
    expect(problem('{ "a": "one\ntwo" }')).toMatchObject({ line: 1, column: 12 });
    expect(problem('{ "a": tru }').reason).toMatch(/unexpected 't'/);
  });

  it('takes 32 levels of nesting (the request body limit) and refuses the 33rd where it opens', () => {
    const nested = (n: number) => `{"a":${'['.repeat(n - 1)}1${']'.repeat(n - 1)}}`;
    expect(checkConfig(nested(32)).ok).toBe(true);
    expect(checkConfig(nested(33))).toMatchObject({ ok: false, problem: { message: 'line 1, column 37: nested deeper than 32 levels' } });
    expect(checkConfig(nested(5000))).toMatchObject({ ok: false, problem: { message: 'line 1, column 37: nested deeper than 32 levels' } });
  });

  it('keeps __proto__ as a plain key', () => {
    const result = checkConfig('{ "__proto__": { "x": 1 } }');
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
  });
});

describe('positionOf', () => {
  it('counts lines and columns from 1', () => {
    expect(positionOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
