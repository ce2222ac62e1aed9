import { sql } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';

/**
 * `secret`: the mail carries a verification code. Without SMTP such a mail goes to the platform administrator's
 * outbox only, never to a school's (a school administrator could otherwise log in as anyone whose address it reads).
 */
export interface Mail { to: string; subject: string; text: string; secret?: boolean }

/**
 * Sends through SMTP when SMTP_URL is set; otherwise into the outbox table. The outbox row names the school that
 * may read it: the school of the account the address is bound to when the mail is written (none for secret
 * mail). The log never carries a mail's text.
 */
export class Mailer {
  // nodemailer (≈ 40 modules) loads only when SMTP is configured
  private transport?: Promise<Transporter>;

  constructor(private readonly db: Db, readonly log: FastifyBaseLogger, smtpUrl?: string, private readonly from = process.env.MAIL_FROM ?? 'noreply@jingzhun.local') {
    if (smtpUrl) {
      this.transport = import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      this.transport.catch(() => undefined); // a failure surfaces on send, not as an unhandled rejection
    }
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await (await this.transport).sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      return;
    }
    const schoolId = mail.secret ? null : sql<number | null>`(select school_id from app_user where lower(email) = lower(${mail.to}) limit 1)`;
    await this.db.insertInto('mail_outbox').values({ to_addr: mail.to, subject: mail.subject, body: mail.text, school_id: schoolId }).execute();
    this.log.info({ to: mail.to, subject: mail.subject }, '邮件已存入发件箱（未配置 SMTP）');
  }

  async close() {
    (await this.transport?.catch(() => undefined))?.close();
  }
}
