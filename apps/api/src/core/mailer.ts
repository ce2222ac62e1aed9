import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';

export interface Mail { to: string; subject: string; text: string }

/** Sends through SMTP when SMTP_URL is set; otherwise into the outbox table (readable by the administrator) and the log. */
export class Mailer {
  private transport?: Transporter;

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, smtpUrl?: string, private readonly from = process.env.MAIL_FROM ?? 'noreply@jingzhun.local') {
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      return;
    }
    await this.db.insertInto('mail_outbox').values({ to_addr: mail.to, subject: mail.subject, body: mail.text }).execute();
    this.log.info({ to: mail.to, subject: mail.subject }, `邮件（未配置 SMTP，已存入发件箱）: ${mail.text}`);
  }

  close() {
    this.transport?.close();
  }
}
