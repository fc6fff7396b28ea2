import express, { type Router } from 'express';
import type { SentSms } from '../africastalking/africastalking-sandbox.js';
import type { SentEmail } from '../mail/mail-sandbox.js';
import { renderOutboxPage } from './outbox-page.js';

export interface OutboxSources {
  sms: () => SentSms[];
  email: () => SentEmail[];
}

/** What `GET /messages.json` answers: each kind newest first. */
export interface OutboxMessages {
  sms: SentSms[];
  email: SentEmail[];
}

function newestFirst<T>(items: readonly T[], at: (item: T) => string): T[] {
  return [...items].sort((a, b) => Date.parse(at(b)) - Date.parse(at(a)));
}

/**
 * The sandbox's outbox: a page for people and a JSON list for tests. Sorted here rather than
 * trusted to each source, so the order is one rule whichever stand-in kept the messages.
 */
export function outboxRouter(sources: OutboxSources): Router {
  const messages = (): OutboxMessages => ({
    sms: newestFirst(sources.sms(), ({ sentAt }) => sentAt),
    email: newestFirst(sources.email(), ({ receivedAt }) => receivedAt),
  });
  const router = express.Router();
  router.get('/', (_request, response) => {
    const { sms, email } = messages();
    response.set('cache-control', 'no-store').type('html').send(renderOutboxPage(sms, email));
  });
  router.get('/messages.json', (_request, response) => {
    response.set('cache-control', 'no-store').json(messages());
  });
  return router;
}
