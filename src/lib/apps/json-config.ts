/**
 * Validation of an app's JSON config as the editor wrote it. The browser runs it while the user types
 * and the server runs it again before storing, so a broken config is refused with the same line, column
 * and reason on both sides and is never stored. Engines' own JSON.parse messages differ between
 * browsers and Node versions, hence this small strict parser (RFC 8259, plus a duplicate-key check
 * because JSON.parse silently keeps the last of two equal keys).
 */

import { JSON_MAX_DEPTH } from '../json-depth';
import { unstorableText } from '../text-safety';

export const CONFIG_MAX_CHARS = 256 * 1024;

export interface ConfigProblem {
  /** 1-based line and column of the offending character. */
  line: number;
  column: number;
  reason: string;
  /** "line 3, column 7: expected ',' or '}' after a property value" */
  message: string;
}

export type ConfigCheck = { ok: true; value: Record<string, unknown> } | { ok: false; problem: ConfigProblem };

class Failure extends Error {
  constructor(
    readonly at: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Line and column (1-based) of a character offset. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function describe(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the text';
  if (ch === '\n') return 'a line break';
  if (ch === '\t') return 'a tab';
  if (ch.charCodeAt(0) < 0x20) return `control character U+${ch.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
  return `'${ch}'`;
}

/** Checks the text and answers the parsed object, or the first problem with its position. */
export function checkConfig(text: string): ConfigCheck {
  try {
    if (text.length > CONFIG_MAX_CHARS) throw new Failure(CONFIG_MAX_CHARS, `the config is longer than ${CONFIG_MAX_CHARS} characters`);
    validate(text);
    return { ok: true, value: JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    const { line, column } = positionOf(text, error.at);
    return { ok: false, problem: { line, column, reason: error.reason, message: `line ${line}, column ${column}: ${error.reason}` } };
  }
}

function validate(text: string): void {
  let i = 0;

  const skipSpace = () => {
    for (;;) {
      const ch = text[i];
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') i++;
      else if (ch === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) throw new Failure(i, 'comments are not allowed in JSON');
      else return;
    }
  };

  const value = (depth: number): void => {
    skipSpace();
    const ch = text[i];
    // The root object is level 1: the same limit as every request body (src/lib/json-depth.ts).
    if ((ch === '{' || ch === '[') && depth >= JSON_MAX_DEPTH) throw new Failure(i, `nested deeper than ${JSON_MAX_DEPTH} levels`);
    if (ch === '{') return object(depth);
    if (ch === '[') return array(depth);
    if (ch === '"') return void string();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    if (ch === undefined) throw new Failure(i, 'unexpected end of the text: a value is missing');
    if (ch === "'") throw new Failure(i, 'strings must use double quotes (")');
    if (ch === '}' || ch === ']') throw new Failure(i, `expected a value before ${describe(ch)}`);
    throw new Failure(i, `unexpected ${describe(ch)}: expected a value (object, array, string, number, true, false or null)`);
  };

  /** Steps over `ch` when it comes next (after white space); whether it did. */
  const take = (ch: string): boolean => {
    skipSpace();
    if (text[i] !== ch) return false;
    i++;
    return true;
  };

  const object = (depth: number): void => {
    i++; // {
    const keys = new Set<string>();
    if (take('}')) return;
    for (;;) {
      skipSpace();
      const keyAt = i;
      if (text[i] === '}') throw new Failure(i, "trailing comma before '}'");
      if (text[i] !== '"') {
        if (text[i] === undefined) throw new Failure(i, "unexpected end of the text: expected a property name or '}'");
        throw new Failure(i, `property names must be double-quoted strings, found ${describe(text[i])}`);
      }
      const key = string();
      if (keys.has(key)) throw new Failure(keyAt, `duplicate key "${key}"`);
      keys.add(key);
      if (!take(':')) throw new Failure(i, `expected ':' after the property name "${key}", found ${describe(text[i])}`);
      value(depth + 1);
      if (take(',')) continue;
      if (take('}')) return;
      throw new Failure(i, `expected ',' or '}' after a property value, found ${describe(text[i])}`);
    }
  };

  const array = (depth: number): void => {
    i++; // [
    if (take(']')) return;
    for (;;) {
      skipSpace();
      if (text[i] === ']') throw new Failure(i, "trailing comma before ']'");
      value(depth + 1);
      if (take(',')) continue;
      if (take(']')) return;
      throw new Failure(i, `expected ',' or ']' after an array item, found ${describe(text[i])}`);
    }
  };

  const string = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    for (;;) {
      const ch = text[i];
      if (ch === undefined) throw new Failure(start, 'this string is never closed (missing ")');
      if (ch === '"') {
        const why = unstorableText(out);
        if (why) throw new Failure(start, `this string ${why}`);
        i++;
        return out;
      }
      if (ch === '\n') throw new Failure(i, 'line break inside a string: close the string or write \\n');
      if (ch.charCodeAt(0) < 0x20) throw new Failure(i, `${describe(ch)} inside a string: escape it`);
      if (ch === '\\') {
        const next = text[i + 1];
        if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          out += next;
          i += 2;
          continue;
        }
        if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        throw new Failure(i, `invalid escape sequence \\${next ?? ''} in a string`);
      }
      out += ch;
      i++;
    }
  };

  const number = (): void => {
    const start = i;
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) throw new Failure(start, 'invalid number');
    i += match[0].length;
    const next = text[i];
    if (next !== undefined && /[0-9A-Za-z.+-]/.test(next)) throw new Failure(start, `invalid number ${JSON.stringify(text.slice(start, i + 1))}`);
  };

  skipSpace();
  if (i >= text.length) throw new Failure(0, 'the config is empty: write {} for a config without settings');
  if (text[i] !== '{') throw new Failure(i, 'the config must be a JSON object: it starts with {');
  value(0);
  skipSpace();
  if (i < text.length) throw new Failure(i, `unexpected ${describe(text[i])} after the end of the config object`);
}

/** The config text the editor shows for a stored config: kept as written, else pretty-printed. */
export function formatConfig(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2);
}
