import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail { to: string[]; raw: string; text: string }

/** Decodes the single text part nodemailer writes (quoted-printable or base64). */
export function textOf(raw: string): string {
  const sep = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, sep).toLowerCase();
  const body = raw.slice(sep + 4);
  if (headers.includes('content-transfer-encoding: base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) { bytes.push(parseInt(soft.slice(i + 1, i + 3), 16)); i += 2; }
      else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** A real SMTP receiver on loopback: what the product sends arrives in `inbox`. */
export async function startSmtpReceiver() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false, authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: textOf(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    inbox,
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    /** Waits for a mail to `to` (after the first `since` mails) and returns its 6-digit code. */
    async codeFor(to: string, since = 0): Promise<string> {
      for (let i = 0; i < 200; i++) {
        const mail = inbox.slice(since).find((m) => m.to.includes(to.toLowerCase()));
        if (mail) return /验证码为：(\d{6})/.exec(mail.text)![1]!;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
