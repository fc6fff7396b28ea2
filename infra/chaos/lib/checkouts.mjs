// The shoppers' side of a round: each shopper asks once to pay by M-Pesa, as the web app does, and
// what they were told is kept: the HTTP status and body, or the network error when no answer came.
// Only a refused connection is tried again (the request never reached the api).
import { setTimeout as sleep } from 'node:timers/promises';

/** Longer than any answer the api gives while it is alive; past it the shopper has given up. */
const ANSWER_TIMEOUT_MS = 30_000;
/**
 * A refused connection never reached the api, so the shopper's app tries again, this often, for
 * this long: while the api restarts. Any other failure may have reached it and is not repeated.
 */
const REFUSED_RETRY_INTERVAL_MS = 250;
const REFUSED_RETRY_FOR_MS = 20_000;

/**
 * Sends `POST url { addressId, phone }` (the shopper's address and its phone) for every shopper with
 * their session cookie, from their own network (X-Forwarded-For, which the api is told to trust),
 * `concurrency` at a time, the shoppers arriving evenly over `arrivalMs` (so a kill finds requests
 * at every stage: answered, in flight and not yet sent); resolves with one answer per shopper:
 * { shopper, status?, body?, error?, refused (connections refused before it), sentAt, answeredAt }.
 * `onAnswer(answer, answeredSoFar)`, when given, hears each answer as it comes, while the others are in flight.
 */
export async function checkOut({ url, shoppers, concurrency, arrivalMs, sessionCookie, onAnswer }) {
  const began = Date.now();
  const waiting = shoppers.map((shopper, index) => ({ shopper, arrivesAt: began + Math.floor((index * arrivalMs) / shoppers.length) }));
  const answers = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, shoppers.length) }, async () => {
      for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) {
        const { shopper, arrivesAt } = next;
        if (arrivesAt > Date.now()) await sleep(arrivesAt - Date.now());
        const answer = { shopper, sentAt: Date.now(), refused: 0 };
        for (;;) {
          try {
            const response = await fetch(url, {
              method: 'POST',
              headers: {
                cookie: `${sessionCookie}=${shopper.token}`,
                'content-type': 'application/json',
                'x-forwarded-for': shopper.clientAddress,
              },
              body: JSON.stringify({ addressId: shopper.addresses[0].id, phone: shopper.addresses[0].phone }),
              signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
            });
            answer.status = response.status;
            answer.body = await response.json().catch(() => null);
            delete answer.error;
            break;
          } catch (error) {
            answer.error = error?.cause?.code ?? error?.name ?? String(error);
            if (answer.error !== 'ECONNREFUSED' || Date.now() - answer.sentAt >= REFUSED_RETRY_FOR_MS) break;
            answer.refused += 1;
            await sleep(REFUSED_RETRY_INTERVAL_MS);
          }
        }
        answer.answeredAt = Date.now();
        answers.push(answer);
        onAnswer?.(answer, answers.length);
      }
    }),
  );
  return answers;
}
