/**
 * SmtpMailer against a stand-in SMTP server on a local port that speaks just enough of
 * RFC 5321 (EHLO, MAIL, RCPT, DATA, QUIT) to accept one message, as a real relay would.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MailOutbox, SmtpMailer } from './mail.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpStandIn(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    socket.write('220 standin ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 standin\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })));
}

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

describe('SmtpMailer', () => {
  it('delivers text and HTML from MAIL_FROM to the recipient', async () => {
    const standIn = await smtpStandIn();
    server = standIn.server;
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${standIn.port}`, 'Tessera <no-reply@tessera.test>');
    const outbox = new MailOutbox(mailer, { error: () => {} });
    outbox.enqueue({ to: 'someone@example.com', subject: 'Your Tessera verification code', text: 'Code: 123456', html: '<p>Code: 123456</p>' });
    await outbox.close();
    expect(standIn.received).toHaveLength(1);
    const [message] = standIn.received;
    expect(message!.from).toContain('no-reply@tessera.test');
    expect(message!.to.join()).toContain('someone@example.com');
    expect(message!.data).toContain('Subject: Your Tessera verification code');
    expect(message!.data).toContain('Code: 123456');
    expect(message!.data).toContain('<p>Code: 123456</p>');
  });

  it('logs a failed delivery instead of throwing at the caller', async () => {
    const errors: unknown[] = [];
    // Nothing listens on port 9 (discard) here: the connection is refused.
    const outbox = new MailOutbox(new SmtpMailer('smtp://127.0.0.1:9', 'x@tessera.test'), { error: (obj: unknown) => errors.push(obj) });
    outbox.enqueue({ to: 'someone@example.com', subject: 's', text: 't', html: 'h' });
    await outbox.drain();
    expect(errors).toHaveLength(1);
  });
});
