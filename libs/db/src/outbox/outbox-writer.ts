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

/**
 * What a query runner keeps for its open transaction: the events it recorded and has yet to write,
 * the events it wrote (published once it commits), and the writes it does last.
 */
type Kept = { unwrittenEvents: RecordedEvent[]; outboxEvents: RecordedEvent[]; lastWrites: LastWrite[] };

function keptIn<K extends keyof Kept>(queryRunner: QueryRunner, key: K): Kept[K] {
  const data = queryRunner.data as Partial<Kept>;
  return (data[key] ??= [] as Kept[K]);
}

/** Empties what the runner kept under `key` and answers it. */
function takeKept<K extends keyof Kept>(queryRunner: QueryRunner, key: K): Kept[K] {
  const kept = keptIn(queryRunner, key);
  (queryRunner.data as Partial<Kept>)[key] = [] as Kept[K];
  return kept;
}

const publishers = new WeakMap<DataSource, CommittedEventsPublisher>();

/**
 * Records an event in the caller's transaction. Pass the transaction's manager: the event then
 * exists exactly when the change it describes does. The transaction's events are written together,
 * one multi-row INSERT just before its COMMIT (a settlement records three), and once it commits
 * this process publishes them (publishOnCommit); the relay is the safety net. The answer's `id` is
 * set when the row is written: after the transaction, not inside it. Outside a transaction the row
 * is written and published at once.
 */
export async function recordEvent<Name extends JobName>(
  manager: EntityManager,
  jobName: Name,
  payload: JobPayloads[Name],
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<RecordedEvent<Name>> {
  const event: RecordedEvent<Name> = { id: '', queueName: JOB_QUEUE[jobName], jobName, payload, delayMs };
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) {
    keptIn(runner, 'unwrittenEvents').push(event as RecordedEvent);
    return event;
  }
  await writeEvents(manager, [event as RecordedEvent]);
  publishers.get(manager.connection)?.publish([event as RecordedEvent]);
  return event;
}

/**
 * One plain INSERT for all `events`, in their order, not read back (as TypeORM's save() would).
 * InnoDB numbers the rows of one multi-row INSERT consecutively from the id it answers, as
 * TypeORM's own inserts assume.
 */
async function writeEvents(manager: EntityManager, events: RecordedEvent[]): Promise<void> {
  const { insertId } = await manager.query<{ insertId: number | string }>(
    `INSERT INTO \`outbox_events\` (\`queueName\`, \`jobName\`, \`payload\`, \`delayMs\`) VALUES ${events.map(() => '(?, ?, ?, ?)').join(', ')}`,
    events.flatMap((event) => [event.queueName, event.jobName, JSON.stringify(event.payload), event.delayMs]),
  );
  events.forEach((event, index) => (event.id = String(Number(insertId) + index)));
}

/** Work a transaction does last, just before its COMMIT (recordBeforeCommit). */
type LastWrite = (manager: EntityManager) => Promise<unknown>;

/**
 * Has the caller's transaction run `write` last, just before it commits: for an event that tells
 * the state the transaction ends in, whatever moved after it was asked for (an order's payment and
 * then its status, told once). Outside a transaction, `write` runs at once.
 */
export async function recordBeforeCommit(manager: EntityManager, write: LastWrite): Promise<void> {
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) keptIn(runner, 'lastWrites').push(write);
  else await write(manager);
}

/** Runs each transaction's last writes and then writes its events before its COMMIT, and forgets both on a rollback. Part of every DataSource (dataSourceOptions). */
@EventSubscriber()
export class LastWritesSubscriber implements EntitySubscriberInterface {
  async beforeTransactionCommit({ queryRunner }: TransactionCommitEvent): Promise<void> {
    for (const write of takeKept(queryRunner, 'lastWrites')) await write(queryRunner.manager);
    const events = takeKept(queryRunner, 'unwrittenEvents');
    if (events.length === 0) return;
    await writeEvents(queryRunner.manager, events);
    keptIn(queryRunner, 'outboxEvents').push(...events);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    takeKept(queryRunner, 'lastWrites');
    takeKept(queryRunner, 'unwrittenEvents');
  }
}

/** Hands each transaction's events to the publisher once it has committed, and forgets those of a rollback. */
class CommittedEventsSubscriber implements EntitySubscriberInterface {
  constructor(private readonly publisher: CommittedEventsPublisher) {}

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    // The shop opens no nested transactions; were one released as a savepoint, its events wait for the outer commit.
    if (queryRunner.isTransactionActive) return;
    const events = takeKept(queryRunner, 'outboxEvents');
    if (events.length > 0) this.publisher.publish(events);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) takeKept(queryRunner, 'outboxEvents');
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
