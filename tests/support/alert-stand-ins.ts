import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Local stand-ins for where revenue alerts go: an SMTP server (npm smtp-server) that keeps every message it
 * is given, and an HTTP receiver that keeps every webhook body and answers the statuses a test queues.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export async function startSmtpStandIn() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A mail's decoded subject (nodemailer may fold or encode long subjects as RFC 2047 words). */
export function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = /^Subject: (.*)$/m.exec(header)?.[1] ?? '';
  return line.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
  ).trim();
}

export async function startWebhookReceiver() {
  const received: { path: string; body: { text: string; blocks?: unknown[] } }[] = [];
  /** Statuses to answer next per path (then 200). */
  const queued = new Map<string, number[]>();
  /** Paths that never answer (a receiver slower than WEBHOOK_TIMEOUT_MS). */
  const silent = new Set<string>();
  const server: Server = createServer((req, res) => {
    if (silent.has(req.url ?? '/')) return;
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = queued.get(path)?.shift() ?? 200;
      if (status === 200) received.push({ path, body: JSON.parse(body) as { text: string; blocks?: unknown[] } });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'unavailable');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    failNext: (path: string, ...statuses: number[]) => queued.set(path, statuses),
    neverAnswer: (path: string) => silent.add(path),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
