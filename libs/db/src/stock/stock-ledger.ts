import type { EntityManager } from 'typeorm';
import {
  LIMITS,
  MESSAGES,
  shownUnitsLeft,
  STATUSES_KEEPING_UNITS_IN_STORE,
  type OrderActor,
  type StockMovementKind,
} from '@shop/contracts';
import { StockMovement } from '../entities/stock-movement.entity.js';
import { insertRows } from '../inserts.js';
import { recordEvent } from '../outbox/outbox-writer.js';
import { markShopWindowChanged } from '../shop-window/shop-window-changes.js';
import { Refusal } from '../transactions.js';

/** Who changes stock, and why: written on each ledger row. */
export interface StockMover {
  actor: OrderActor | null;
  byUserId?: number | null;
  reason?: string;
}

/** The first line an order could not take its units for: nothing was taken. */
export interface Shortage {
  title: string;
  available: number;
  retired: boolean;
}

interface OrderLine {
  productId: number;
  quantity: number;
}

interface LockedStock {
  id: number;
  title: string;
  totalStock: number;
  deletedAt: Date | null;
}

/** An order's units per product (lines of one product's variations are counted together), in product order. */
function orderLines(manager: EntityManager, orderId: number): Promise<OrderLine[]> {
  return manager
    .query<OrderLine[]>(
      'SELECT `productId`, CAST(SUM(`quantity`) AS UNSIGNED) AS `quantity` FROM `order_items` WHERE `orderId` = ? GROUP BY `productId` ORDER BY `productId`',
      [orderId],
    )
    .then((lines) => lines.map((line) => ({ productId: line.productId, quantity: Number(line.quantity) })));
}

/**
 * Locks the products' rows in id order, as every stock change does: two orders sharing products
 * queue behind each other instead of deadlocking.
 */
async function lockStock(manager: EntityManager, productIds: number[]): Promise<Map<number, LockedStock>> {
  if (productIds.length === 0) return new Map();
  const rows = await manager.query<LockedStock[]>(
    'SELECT `id`, `title`, `totalStock`, `deletedAt` FROM `products` WHERE `id` IN (?) ORDER BY `id` FOR UPDATE',
    [productIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** One product's sellable units as read under its lock, and by how many they change. */
interface StockChange {
  productId: number;
  before: number;
  delta: number;
}

/**
 * Changes each product's sellable units and writes the ledger row saying why, both under the
 * product's lock. A change a shopper can see (sold out, back, how few are left) changes the shop window.
 */
async function move(
  manager: EntityManager,
  changes: StockChange[],
  kind: StockMovementKind,
  orderId: number | null,
  mover: StockMover,
  bumpVersion: boolean,
): Promise<void> {
  for (const { productId, delta } of changes) {
    await manager.query(
      `UPDATE \`products\` SET \`totalStock\` = \`totalStock\` + ?${bumpVersion ? ', `stockVersion` = `stockVersion` + 1' : ''} WHERE \`id\` = ?`,
      [delta, productId],
    );
  }
  await insertRows(
    manager,
    StockMovement,
    changes.map(({ productId, delta }) => ({
      productId,
      orderId,
      delta,
      kind,
      actor: mover.actor,
      byUserId: mover.byUserId ?? null,
      reason: mover.reason ?? '',
    })),
  );
  if (changes.some(({ before, delta }) => shownUnitsLeft(before) !== shownUnitsLeft(before + delta))) await markShopWindowChanged(manager);
}

/**
 * Takes an order's units off the shelf, all or none: the products are locked and every line
 * checked before any is taken, so a shortage leaves the shelf as it was and answers which line.
 * Stock never goes below zero. A product this order takes from above the low-stock line to it or
 * below tells the shop, once per crossing: the next order finds it already below.
 */
export async function reserveOrderUnits(
  manager: EntityManager,
  orderId: number,
  mover: StockMover,
  { bumpVersion = false } = {},
): Promise<Shortage | null> {
  const lines = await orderLines(manager, orderId);
  const stock = await lockStock(
    manager,
    lines.map((line) => line.productId),
  );
  for (const line of lines) {
    const product = stock.get(line.productId)!;
    if (product.deletedAt || product.totalStock < line.quantity)
      return { title: product.title, available: product.deletedAt ? 0 : product.totalStock, retired: product.deletedAt !== null };
  }
  await move(
    manager,
    lines.map((line) => ({ productId: line.productId, before: stock.get(line.productId)!.totalStock, delta: -line.quantity })),
    'reserved',
    orderId,
    mover,
    bumpVersion,
  );
  for (const line of lines) {
    const before = stock.get(line.productId)!.totalStock;
    const unitsLeft = before - line.quantity;
    // The count as this order left it, under the lock: read when the message is written, a later order's units would be in it.
    if (before > LIMITS.lowStockThreshold && unitsLeft <= LIMITS.lowStockThreshold) {
      await recordEvent(manager, 'notification.send', { kind: 'shopLowStock', orderId, productId: line.productId, unitsLeft });
    }
  }
  return null;
}

/** Puts an order's units back on the shelf. The order's transition decides that it is time; it happens once per leaving. */
export async function releaseOrderUnits(
  manager: EntityManager,
  orderId: number,
  mover: StockMover,
  { bumpVersion = false } = {},
): Promise<void> {
  const lines = await orderLines(manager, orderId);
  const stock = await lockStock(
    manager,
    lines.map((line) => line.productId),
  );
  await move(
    manager,
    lines.map((line) => ({ productId: line.productId, before: stock.get(line.productId)!.totalStock, delta: line.quantity })),
    'released',
    orderId,
    mover,
    bumpVersion,
  );
}

/** The units on hand changed with no unit sold or freed (a parcel left the store): forms read before are stale. */
export async function markOnHandChanged(manager: EntityManager, orderId: number): Promise<void> {
  await manager.query(
    'UPDATE `products` SET `stockVersion` = `stockVersion` + 1 WHERE `id` IN (SELECT `productId` FROM `order_items` WHERE `orderId` = ?) ORDER BY `id`',
    [orderId],
  );
}

/** A new product's first units, as the ledger's first row. */
export async function recordOpeningStock(manager: EntityManager, productId: number, units: number, byUserId: number | null): Promise<void> {
  await insertRows(manager, StockMovement, {
    productId,
    orderId: null,
    delta: units,
    kind: 'opening',
    actor: byUserId === null ? null : 'admin',
    byUserId,
    reason: MESSAGES.stock.opening,
  });
}

/** A product's stock as the admin's form shows it: the version the form sends back with its change. */
export interface StockCount {
  unitsOnHand: number;
  unitsHeld: number;
  available: number;
  stockVersion: number;
}

/**
 * What the admin's stock form shows for each product: its sellable units, its version, and the
 * units held by orders whose parcels have not left the store, in one grouped statement (one
 * snapshot, so a reservation is never counted both as held and as still on the shelf).
 */
export async function stockCountsOf(manager: EntityManager, productIds: number[]): Promise<Map<number, StockCount>> {
  if (productIds.length === 0) return new Map();
  const rows = await manager.query<{ id: number; totalStock: number; stockVersion: number; unitsHeld: string | number }[]>(
    `SELECT product.id, product.totalStock, product.stockVersion, COALESCE(SUM(item.quantity), 0) AS unitsHeld
     FROM products product
     LEFT JOIN (order_items item JOIN orders holder ON holder.id = item.orderId AND holder.orderStatus IN (?)) ON item.productId = product.id
     WHERE product.id IN (?)
     GROUP BY product.id`,
    [STATUSES_KEEPING_UNITS_IN_STORE, productIds],
  );
  return new Map(
    rows.map((row) => {
      const unitsHeld = Number(row.unitsHeld);
      return [row.id, { unitsOnHand: row.totalStock + unitsHeld, unitsHeld, available: row.totalStock, stockVersion: row.stockVersion }];
    }),
  );
}

export async function stockCountOf(manager: EntityManager, productId: number): Promise<StockCount | null> {
  return (await stockCountsOf(manager, [productId])).get(productId) ?? null;
}

/**
 * The admin counted the units on hand: what shoppers can buy becomes that count less the units
 * orders hold in the store. Refused when the form was read before the last change of the units
 * on hand, or when the count is below what orders hold (available units never go below zero).
 */
export async function countUnitsOnHand(
  manager: EntityManager,
  productId: number,
  count: { unitsOnHand: number; stockVersion: number },
  mover: StockMover,
): Promise<StockCount | Refusal> {
  await lockStock(manager, [productId]);
  const now = await stockCountOf(manager, productId);
  if (!now) return new Refusal('PRODUCT_NOT_FOUND', MESSAGES.products.notFound);
  if (now.stockVersion !== count.stockVersion) return new Refusal('STOCK_FORM_STALE', MESSAGES.stock.staleForm);
  if (count.unitsOnHand < now.unitsHeld)
    return new Refusal('STOCK_BELOW_HELD', MESSAGES.stock.belowHeld(now.unitsHeld), { held: now.unitsHeld });
  const delta = count.unitsOnHand - now.unitsOnHand;
  if (delta === 0) return now;
  await move(
    manager,
    [{ productId, before: now.available, delta }],
    'counted',
    null,
    { ...mover, reason: mover.reason || MESSAGES.stock.counted },
    true,
  );
  return { unitsOnHand: count.unitsOnHand, unitsHeld: now.unitsHeld, available: now.available + delta, stockVersion: now.stockVersion + 1 };
}
