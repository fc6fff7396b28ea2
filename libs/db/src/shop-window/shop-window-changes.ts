import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

/** Told each time what a guest sees of the shop changed (the api's guest page cache forgets what it drew before). */
export interface ShopWindowWatcher {
  changed(): Promise<void>;
}

const watchers = new WeakMap<DataSource, ShopWindowWatcher>();

type Kept = { shopWindowChanged?: boolean };

/**
 * Says that what a guest sees of the shop changed: a product, its price or pictures, its stock as
 * shown (sold out, how few are left), a feature image. Inside a transaction the watcher is told once
 * it commits, so that a page drawn after the word reads the change; a rollback tells nothing. The
 * commit (or this call, outside a transaction) ends once the watcher has heard: whoever made the
 * change and then opens the page sees it.
 */
export async function markShopWindowChanged(manager: EntityManager): Promise<void> {
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) (runner.data as Kept).shopWindowChanged = true;
  else await watchers.get(manager.connection)?.changed();
}

class ShopWindowSubscriber implements EntitySubscriberInterface {
  constructor(private readonly watcher: ShopWindowWatcher) {}

  // TypeORM's commit awaits what this answers.
  async afterTransactionCommit({ queryRunner }: TransactionCommitEvent): Promise<void> {
    const kept = queryRunner.data as Kept;
    if (queryRunner.isTransactionActive || !kept.shopWindowChanged) return;
    kept.shopWindowChanged = false;
    await this.watcher.changed();
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) (queryRunner.data as Kept).shopWindowChanged = false;
  }
}

/** From now on `watcher` hears of every change of the shop window that `dataSource` commits. */
export function watchShopWindow(dataSource: DataSource, watcher: ShopWindowWatcher): void {
  watchers.set(dataSource, watcher);
  dataSource.subscribers.push(new ShopWindowSubscriber(watcher));
}
