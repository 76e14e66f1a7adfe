/**
 * Outgoing mail. One `Mailer` per app: SMTP when SMTP_URL is set, otherwise the dev mailbox
 * (a table shown at /dev/mailbox). Auth code paths hand messages to a `MailOutbox`, which sends
 * in the background so a response never waits on (or reveals, through its timing) an SMTP
 * round trip.
 */
import type { Database } from '@tessera/db/connect';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import { insertDevMail } from './mail.repo.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** `dev-mailbox` keeps messages in the database instead of sending them. */
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Sends through an SMTP server (nodemailer), e.g. `smtps://user:pass@smtp.example.com:465`. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** Keeps every message in `dev_mail` and logs who it was for; nothing leaves the machine. */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox';

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await insertDevMail(this.db, message);
    this.log.info({ to: message.to, subject: message.subject }, 'mail kept in the dev mailbox (SMTP_URL is not set): see /dev/mailbox');
  }

  async close(): Promise<void> {}
}

export function createMailer(config: Pick<Config, 'mail'>, db: Database, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new DevMailbox(db, log);
}

/** The dev mailbox pages exist only when mail is kept locally and never in production. */
export function devMailboxEnabled(config: Pick<Config, 'mail' | 'env'>): boolean {
  return !config.mail.smtpUrl && config.env !== 'production';
}

/**
 * Background delivery with a record of what is in flight: `drain()` waits for it (app close,
 * tests). A failed delivery is logged, never thrown at the request that caused it.
 */
export class MailOutbox {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    readonly mailer: Mailer,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  enqueue(message: MailMessage): void {
    const delivery = this.mailer.send(message).catch((err: unknown) => {
      this.log.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed');
    });
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.drain();
    await this.mailer.close();
  }
}
