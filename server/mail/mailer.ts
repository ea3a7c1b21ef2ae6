// Outgoing mail. Every message is written to the outbox table; with SMTP_URL set it is also
// sent through that server, otherwise it is written to the server log for an administrator.
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';

type Mail = { to: string; subject: string; body: string };

export type Mailer = { send(mail: Mail): Promise<void> };

export function createMailer(db: Database, log: FastifyBaseLogger, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db.insert(outbox).values({ recipient: mail.to, subject: mail.subject, body: mail.body }).returning({ id: outbox.id });
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail (no SMTP_URL set)');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.body });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (err) {
        // The caller must not learn whether the address exists, so a failed send is logged, not thrown.
        log.error({ err, to: mail.to }, 'mail could not be sent');
      }
    },
  };
}
