#!/usr/bin/env node
// Local stand-ins for revenue-alert deliveries, for trying alerts by hand (`npm run smtp:stand-in`): an SMTP
// server (npm smtp-server) that prints every e-mail it is given, and an HTTP receiver that prints every webhook
// body. Point the console at them: SMTP_URL=smtp://127.0.0.1:2525 and a rule's webhook http://127.0.0.1:2526/any.
// Ports: SMTP_STAND_IN_PORT (2525) and WEBHOOK_STAND_IN_PORT (2526).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_STAND_IN_PORT ?? 2525);
const hookPort = Number(process.env.WEBHOOK_STAND_IN_PORT ?? 2526);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth: (_auth, _session, done) => done(null, { user: 'stand-in' }),
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      console.log(`\n[smtp] from ${session.envelope.mailFrom?.address} to ${session.envelope.rcptTo.map((r) => r.address).join(', ')}\n${raw}`);
      done();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1', () => console.log(`[smtp] listening on smtp://127.0.0.1:${smtpPort}`));

createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    console.log(`\n[webhook] ${req.method} ${req.url}\n${body}`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
}).listen(hookPort, '127.0.0.1', () => console.log(`[webhook] listening on http://127.0.0.1:${hookPort}/`));
