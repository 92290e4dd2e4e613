import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';

export const EmailMessage = z.object({ to: z.string(), subject: z.string(), text: z.string() });
export type EmailMessage = z.infer<typeof EmailMessage>;

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the message is written to the server log (development, tests). */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, logger: Logger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject } },
          `Email to ${message.to} (no SMTP_URL set, not sent): ${message.subject}\n${message.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
      logger.info({ mail: { to: message.to, subject: message.subject } }, 'Email sent');
    },
  };
}
