// The local S3 server in a process of its own (see local-s3.ts): s3rver encrypts its list continuation tokens
// with DES, which Node's OpenSSL 3 only offers through the legacy provider, so this process is started with
// --openssl-legacy-provider (the console under test is not). Arguments: port directory bucket… ; the CORS rule
// comes in S3_CORS. Prints "ready" once listening.
import S3rver from 's3rver';

const [port, directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({ port: Number(port), address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [process.env.S3_CORS] })) });
await server.run();
console.log('ready');
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
