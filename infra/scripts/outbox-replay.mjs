// npm run outbox:replay -- --since 2026-11-25T08:00:00Z [--queues orders,payments]
// After a Redis loss: the events published since then go to their queues again (docs/deploy.md).
import { parseArgs } from 'node:util';
import { defaultNodeEnv, failWith, say, StepFailure } from './lib/bootstrap.mjs';

const USAGE = "Usage: npm run outbox:replay -- --since <ISO time Redis's data ends, e.g. 2026-11-25T08:00:00Z> [--queues orders,payments]";

defaultNodeEnv('development');
try {
  const { values } = parseArgs({ options: { since: { type: 'string' }, queues: { type: 'string' } } });
  const since = new Date(values.since ?? '');
  if (Number.isNaN(since.getTime())) throw new StepFailure(USAGE);
  const { QUEUE_NAMES } = await import('@shop/contracts');
  const queues = values.queues?.split(',').map((queue) => queue.trim());
  const unknown = queues?.filter((queue) => !QUEUE_NAMES.includes(queue)) ?? [];
  if (unknown.length > 0) throw new StepFailure(`Unknown queue(s) ${unknown.join(', ')}: the shop's queues are ${QUEUE_NAMES.join(', ')}.`);
  const { loadConfig } = await import('@shop/config');
  const { createDataSource, replayOutbox } = await import('@shop/db');
  const dataSource = await createDataSource(loadConfig()).initialize();
  try {
    const replayed = await replayOutbox(dataSource, { since, queues });
    say(
      `${replayed} event(s) published since ${since.toISOString()} handed back to the outbox relays: the workers publish them again now.`,
    );
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  failWith(error);
}
