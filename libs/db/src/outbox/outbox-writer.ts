import {
  EventSubscriber,
  type DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName } from '@shop/contracts';

/** An outbox row as written: what its job will be once published. */
export interface RecordedEvent<Name extends JobName = JobName> {
  id: string;
  queueName: QueueName;
  jobName: Name;
  payload: JobPayloads[Name];
  delayMs: number;
}

/**
 * Puts committed events on their queues straight away (libs/infrastructure OutboxPublisher), from the
 * process that committed them. It may fail or never run (the process dies after its commit): the
 * outbox relay publishes whatever is left unpublished a little later, so nothing depends on it.
 */
export interface CommittedEventsPublisher {
  publish(events: readonly RecordedEvent[]): void;
}

/** Where a query runner keeps the events its open transaction has recorded. */
const RECORDED = 'outboxEvents';

function recordedIn(queryRunner: QueryRunner): RecordedEvent[] {
  const data = queryRunner.data as Record<string, RecordedEvent[] | undefined>;
  return (data[RECORDED] ??= []);
}

function takeRecorded(queryRunner: QueryRunner): RecordedEvent[] {
  const data = queryRunner.data as Record<string, RecordedEvent[] | undefined>;
  const events = data[RECORDED] ?? [];
  data[RECORDED] = [];
  return events;
}

const publishers = new WeakMap<DataSource, CommittedEventsPublisher>();

/**
 * Records an event in the caller's transaction. Pass the transaction's manager: the event then
 * exists exactly when the change it describes does. Once the transaction commits, this process
 * publishes it (publishOnCommit); the relay is the safety net. A plain INSERT: the row is not
 * read back, as TypeORM's save() would.
 */
export async function recordEvent<Name extends JobName>(
  manager: EntityManager,
  jobName: Name,
  payload: JobPayloads[Name],
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<RecordedEvent<Name>> {
  const queueName = JOB_QUEUE[jobName];
  const { insertId } = await manager.query<{ insertId: number | string }>(
    'INSERT INTO `outbox_events` (`queueName`, `jobName`, `payload`, `delayMs`) VALUES (?, ?, ?, ?)',
    [queueName, jobName, JSON.stringify(payload), delayMs],
  );
  const event: RecordedEvent<Name> = { id: String(insertId), queueName, jobName, payload, delayMs };
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) recordedIn(runner).push(event as RecordedEvent);
  else publishers.get(manager.connection)?.publish([event as RecordedEvent]);
  return event;
}

/** Work a transaction does last, just before its COMMIT (recordBeforeCommit). */
const BEFORE_COMMIT = 'beforeCommit';
type LastWrite = (manager: EntityManager) => Promise<unknown>;

function lastWritesOf(queryRunner: QueryRunner): LastWrite[] {
  const data = queryRunner.data as Record<string, LastWrite[] | undefined>;
  return (data[BEFORE_COMMIT] ??= []);
}

/**
 * Has the caller's transaction run `write` last, just before it commits: for an event that tells
 * the state the transaction ends in, whatever moved after it was asked for (an order's payment and
 * then its status, told once). Outside a transaction, `write` runs at once.
 */
export async function recordBeforeCommit(manager: EntityManager, write: LastWrite): Promise<void> {
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) lastWritesOf(runner).push(write);
  else await write(manager);
}

/** Runs each transaction's last writes before its COMMIT, and forgets those of a rollback. Part of every DataSource (dataSourceOptions). */
@EventSubscriber()
export class LastWritesSubscriber implements EntitySubscriberInterface {
  async beforeTransactionCommit({ queryRunner }: TransactionCommitEvent): Promise<void> {
    const writes = lastWritesOf(queryRunner);
    (queryRunner.data as Record<string, LastWrite[]>)[BEFORE_COMMIT] = [];
    for (const write of writes) await write(queryRunner.manager);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    (queryRunner.data as Record<string, LastWrite[]>)[BEFORE_COMMIT] = [];
  }
}

/** Hands each transaction's events to the publisher once it has committed, and forgets those of a rollback. */
class CommittedEventsSubscriber implements EntitySubscriberInterface {
  constructor(private readonly publisher: CommittedEventsPublisher) {}

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    // The shop opens no nested transactions; were one released as a savepoint, its events wait for the outer commit.
    if (queryRunner.isTransactionActive) return;
    const events = takeRecorded(queryRunner);
    if (events.length > 0) this.publisher.publish(events);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) takeRecorded(queryRunner);
  }
}

/**
 * From now on, the events that `dataSource`'s transactions record are published by `publisher` the
 * moment they commit, instead of waiting for a relay to find them: one hop and one transaction less
 * per event, and no event of the money path waits behind others in the relay's line.
 */
export function publishOnCommit(dataSource: DataSource, publisher: CommittedEventsPublisher): void {
  publishers.set(dataSource, publisher);
  dataSource.subscribers.push(new CommittedEventsSubscriber(publisher));
}
