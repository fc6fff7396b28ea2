import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { AppConfig } from '@shop/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Mail the relay refused for good (a 5xx: an unknown mailbox, a message too large): sending it again would be refused again. */
export class MailRefused extends Error {
  constructor(
    readonly responseCode: number,
    readonly reason: string,
  ) {
    super(`The mail relay refused the message (${responseCode}): ${reason}`);
    this.name = 'MailRefused';
  }
}

/** Mail the relay could not take now (no connection, a 4xx "try again later"): worth sending again later. */
export class MailUnavailable extends Error {
  constructor(
    /** The relay's SMTP reply code; null when it never answered. */
    readonly responseCode: number | null,
    readonly reason: string,
  ) {
    super(`The mail relay ${responseCode ?? 'is unreachable'}: ${reason}`);
    this.name = 'MailUnavailable';
  }
}

/** SMTP's permanent negative replies (RFC 5321, 4.2.1): the rest, and no reply at all, may pass on another try. */
const PERMANENT_FAILURE = 500;

/** The shop's e-mail, through the relay SMTP_URL names, from MAIL_FROM; one pooled connection set per process. */
export class MailSender {
  private readonly transport: Transporter<SMTPPool.SentMessageInfo>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Pooled: a burst of order e-mails reuses connections rather than greeting the relay for each.
    // nodemailer waits minutes for a silent relay by default: a job must give up in time to be retried.
    this.transport = nodemailer.createTransport({ url: smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send({ to, subject, text, html }: OutgoingMail): Promise<{ messageId: string }> {
    try {
      const { messageId } = await this.transport.sendMail({ from: this.from, to, subject, text, html });
      return { messageId };
    } catch (error) {
      const { responseCode, response, message } = (error ?? {}) as { responseCode?: number; response?: string; message?: string };
      const reason = response ?? message ?? String(error);
      if (responseCode !== undefined && responseCode >= PERMANENT_FAILURE) throw new MailRefused(responseCode, reason);
      throw new MailUnavailable(responseCode ?? null, reason);
    }
  }

  close(): void {
    this.transport.close();
  }
}

export function mailSenderFromConfig(config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM'>): MailSender {
  return new MailSender(config.SMTP_URL, config.MAIL_FROM);
}
