import { SANDBOX_PATHS } from '@shop/config';
import type { OutboxMessages, SentEmail } from '@shop/sandbox';
import { SANDBOX_URL } from './browser.js';

/** Mail goes out from a worker after the api's answer: long enough for a busy stack, short of a test's own limit. */
const MAIL_TIMEOUT_MS = 20_000;
const POLL_INTERVAL_MS = 250;

/** Everything the sandbox's SMTP server and Africa's Talking emulator received, newest first (docs/sandbox.md, The outbox). */
export async function readOutbox(): Promise<OutboxMessages> {
  const response = await fetch(`${SANDBOX_URL}${SANDBOX_PATHS.outbox}/messages.json`);
  if (!response.ok) throw new Error(`the sandbox's outbox answered ${response.status}`);
  return (await response.json()) as OutboxMessages;
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The link to `path` (with its query) in a mail's plain text, as the shop wrote it. */
function linkIn(mail: SentEmail, path: string): URL | null {
  const found = mail.text?.match(new RegExp(`https?://[^\\s<>"]*?${escapeForPattern(path)}\\?[^\\s<>"]+`));
  return found ? new URL(found[0]) : null;
}

/**
 * Waits for the newest mail to `recipient` that links to `path` (ROUTES.verifyEmail, ROUTES.resetPassword)
 * and answers the link's path and query, to be opened on the shop under test: the mail names the
 * shop's PUBLIC_URL, which a developer's Vite beside the stack does not share.
 */
export async function emailedLink(recipient: string, path: string): Promise<string> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  for (;;) {
    const { email } = await readOutbox();
    for (const mail of email) {
      const link = mail.to.includes(recipient) ? linkIn(mail, path) : null;
      if (link) return `${link.pathname}${link.search}`;
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${recipient} with a link to ${path} reached the sandbox in ${MAIL_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
