import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { AppConfig } from '@shop/config';
import { neverSent } from '@shop/payments';

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
    /** The message body had been handed over when the connection failed: the relay may have queued it, so sending again could send it twice. */
    readonly mayHaveSent = false,
  ) {
    super(`The mail relay ${responseCode ?? 'is unreachable'}: ${reason}`);
    this.name = 'MailUnavailable';
  }
}

/** What nodemailer's errors carry, read by shape. */
interface NodemailerFailure {
  responseCode?: number;
  response?: string;
  message?: string;
  /** The socket's own code (ECONNREFUSED, …) under nodemailer's ESOCKET or ECONNECTION. */
  originalCode?: string;
  timeoutType?: string;
}

/** nodemailer's timeouts that end a wait before any message was written: connecting, the greeting, STARTTLS. */
const BEFORE_THE_MESSAGE = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

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
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send({ to, subject, text, html }: OutgoingMail): Promise<{ messageId: string }> {
    try {
      const { messageId } = await this.transport.sendMail({ from: this.from, to, subject, text, html });
      return { messageId };
    } catch (error) {
      const { responseCode, response, message, originalCode, timeoutType } = (error ?? {}) as NodemailerFailure;
      const reason = response ?? message ?? String(error);
      if (responseCode !== undefined && responseCode >= PERMANENT_FAILURE) throw new MailRefused(responseCode, reason);
      // A reply from the relay says it did not take the message; a connection never made or never greeted, that it could not.
      const couldNotHaveIt =
        responseCode !== undefined || neverSent(originalCode) || (timeoutType !== undefined && BEFORE_THE_MESSAGE.has(timeoutType));
      throw new MailUnavailable(responseCode ?? null, reason, !couldNotHaveIt);
    }
  }

  close(): void {
    this.transport.close();
  }
}

export function mailSenderFromConfig(config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM'>): MailSender {
  return new MailSender(config.SMTP_URL, config.MAIL_FROM);
}
