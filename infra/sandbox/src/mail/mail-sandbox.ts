import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { KEPT_MESSAGES } from '../outbox/kept-messages.js';

/** One message the shop handed to the SMTP server, as the sandbox's outbox shows it. */
export interface SentEmail {
  /** The queue id the server answered with ("250 OK: queued as …"), as a real relay does. */
  id: string;
  receivedAt: string;
  /** The From header as the reader sees it (name and address), else the envelope sender. */
  from: string;
  /** The envelope recipients: Cc and Bcc included, as they are the ones who receive it. */
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
}

export interface MailSandboxOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** The host the shop uses to reach the server; part of `url` only, the server listens on every interface. */
  host?: string;
}

export interface MailSandbox {
  port: number;
  url: string;
  /** Newest first. */
  messages(): SentEmail[];
  reset(): void;
  close(): Promise<void>;
}

/** Ample for an order e-mail with its toy pictures linked, small enough that a runaway template shows. */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

async function messageBytes(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  // Once over the limit the rest is read and dropped: the server refuses the message anyway.
  for await (const chunk of stream) if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
  return stream.sizeExceeded ? null : Buffer.concat(chunks);
}

/**
 * An SMTP server that keeps what it is sent instead of delivering it. Plain text only (no TLS), and
 * any credentials or none are accepted, since the shop's SMTP URL may or may not carry a user.
 */
export async function startMailSandbox({ port, host = 'localhost' }: MailSandboxOptions): Promise<MailSandbox> {
  let kept: SentEmail[] = [];

  /** The kept message's id, or null for one over the limit. */
  async function keep(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string | null> {
    const bytes = await messageBytes(stream);
    if (!bytes) return null;
    const id = randomBytes(6).toString('hex').toUpperCase();
    const parsed = await simpleParser(bytes);
    const { mailFrom, rcptTo } = session.envelope;
    kept = [
      {
        id,
        receivedAt: new Date().toISOString(),
        from: parsed.from?.text ?? (mailFrom ? mailFrom.address : ''),
        to: rcptTo.map(({ address }) => address),
        subject: parsed.subject ?? '',
        text: parsed.text ?? null,
        html: parsed.html || null,
      },
      ...kept,
    ].slice(0, KEPT_MESSAGES);
    return id;
  }

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    // The library then answers an oversized message with the standard 552 itself.
    rejectOversized: true,
    // The workers keep a pooled connection open: stopping the sandbox must not wait the library's 30 s for it.
    closeTimeout: 1000,
    banner: 'Toy Duka sandbox: mail is kept, never delivered',
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'sandbox' }),
    onData: (stream, session, callback) => {
      keep(stream, session).then(
        (id) => callback(null, id === null ? undefined : `OK: queued as ${id}`),
        (error: unknown) =>
          callback(Object.assign(new Error(`Error: the sandbox could not read the message (${String(error)})`), { responseCode: 451 })),
      );
    },
  });
  server.listen(port);
  await once(server.server, 'listening');
  const { port: boundPort } = server.server.address() as AddressInfo;

  return {
    port: boundPort,
    url: `smtp://${host}:${boundPort}`,
    messages: () => [...kept],
    reset: () => {
      kept = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
