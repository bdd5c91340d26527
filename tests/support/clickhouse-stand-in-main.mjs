// A local stand-in for a ClickHouse server: its HTTP interface (the part @clickhouse/client speaks) over chdb,
// the same engine embedded. Used as s3rver is for S3: the console's EVENT_STORE=clickhouse path is tested
// against it. Arguments: port, data directory, user, password. Prints "ready" once it listens.
//   GET /ping                                   → Ok.
//   POST /?query=INSERT INTO t FORMAT F  + rows → the rows inserted (body in format F)
//   POST /?param_x=…  + SQL                     → the SQL run with {x:Type} bound from param_x (ClickHouse text form)
// A wrong user or password answers 516 as ClickHouse does; an engine error answers 500 with its message.
import { createServer } from 'node:http';
import { Session } from 'chdb';

const [port, directory, user, password] = process.argv.slice(2);
const session = new Session(directory);

const INSERT = /^\s*INSERT\s+INTO\s+([\w.`]+)\s*(?:\(([^)]*)\))?\s*FORMAT\s+(\w+)\s*$/i;

async function run(url, body) {
  const query = url.searchParams.get('query');
  if (query) {
    const insert = INSERT.exec(query);
    if (!insert) throw new Error(`Code: 62. DB::Exception: the stand-in runs only INSERT … FORMAT in the query parameter. (SYNTAX_ERROR)`);
    const [, table, columns, format] = insert;
    await session.insert({ table: table.replaceAll('`', ''), values: body, format, ...(columns ? { columns: columns.split(',').map((c) => c.trim()) } : {}) });
    return '';
  }
  const params = new Map();
  for (const [key, value] of url.searchParams) if (key.startsWith('param_')) params.set(key.slice(6), value);
  return (await session.queryAsync(bind(body, params), { format: 'JSONEachRow' })).text();
}

/**
 * A parameter's value is read in the type's escaped (TabSeparated) text form: a String's escapes (\\t, \\', \\\\) are
 * undone; an array is the quoted literal form, read by CAST as it is.
 */
const ESCAPES = { b: '\b', f: '\f', r: '\r', n: '\n', t: '\t', 0: '\0', a: '\x07', v: '\v' };
const unescapeTsv = (text) => text.replace(/\\(.)/gs, (_, c) => ESCAPES[c] ?? c);

/**
 * {name:Type} placeholders as the server treats them: the parameter's text read as the type (CAST from a quoted
 * string). chdb's own binding takes its values in another form than HTTP parameters, hence this step.
 */
const quote = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
function bind(sql, params) {
  return sql.replace(/\{(\w+):([^{}]+)\}/g, (whole, name, type) => {
    if (!params.has(name)) throw new Error(`Code: 456. DB::Exception: Substitution ${whole} is not set. (UNKNOWN_QUERY_PARAMETER)`);
    const text = /^(Nullable\(|LowCardinality\()?String\)?$/.test(type.trim()) ? unescapeTsv(params.get(name)) : params.get(name);
    return `CAST(${quote(text)}, ${quote(type)})`;
  });
}

let queue = Promise.resolve();
createServer((request, response) => {
  const chunks = [];
  request.on('data', (c) => chunks.push(c));
  request.on('end', () => {
    const url = new URL(request.url, 'http://stand-in');
    if (url.pathname === '/ping') return void response.end('Ok.\n');
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [u, p] = scheme === 'Basic' ? Buffer.from(encoded ?? '', 'base64').toString().split(':') : [request.headers['x-clickhouse-user'], request.headers['x-clickhouse-key']];
    if (u !== user || (p ?? '') !== password) {
      response.writeHead(516, { 'x-clickhouse-exception-code': '516' });
      return void response.end(`Code: 516. DB::Exception: ${u}: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)\n`);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    queue = queue.then(async () => {
      try {
        const text = await run(url, body);
        response.writeHead(200, { 'content-type': 'application/x-ndjson; charset=UTF-8', 'x-clickhouse-query-id': url.searchParams.get('query_id') ?? '' });
        response.end(text);
      } catch (error) {
        const message = String(error?.message ?? error);
        response.writeHead(500, { 'x-clickhouse-exception-code': /Code: (\d+)/.exec(message)?.[1] ?? '1' });
        response.end(`${message}\n`);
      }
    });
  });
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => process.exit(0));
