// What the chaos suite and bench:scale hold the shop to, read from the shop's database and from the sandbox's own
// ledger of STK transactions (the money side): nothing here asks the api, which may be lying.
import { setTimeout as sleep } from 'node:timers/promises';

const SETTLE_POLL_INTERVAL_MS = 500;

/** The order an STK push was for: the api pushes with AccountReference `TD<orderId>`. */
export function orderIdOf(transaction) {
  const match = /^TD(\d+)$/.exec(transaction.accountReference ?? '');
  return match ? Number(match[1]) : undefined;
}

/** A push that took the shopper's money. */
export const charged = (transaction) => transaction.state === 'finished' && transaction.resultCode === 0;

/** Every STK transaction the sandbox has seen, pending and finished. */
export async function sandboxTransactions(sandboxUrl) {
  const response = await fetch(`${sandboxUrl}/daraja/control/transactions`);
  if (!response.ok) throw new Error(`the sandbox's ledger answered ${response.status}`);
  return response.json();
}

/** Whether the shop's schema has STK push attempts yet (the table that says a push is live). */
export async function hasAttemptsTable(pool) {
  const [[row]] = await pool.query(
    "SELECT COUNT(*) AS found FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'mpesa_attempts'",
  );
  return Number(row.found) > 0;
}

/** A query's ids as a list mysql2 can expand, never empty (IN () is a syntax error). */
const idList = (ids) => (ids.length > 0 ? ids : [0]);

/**
 * The orders of `userIds` with their payments and live attempts, keyed by order id; `attempts` is
 * undefined when the schema has no attempts table.
 */
async function ordersOf(pool, userIds, withAttempts) {
  const [orders] = await pool.query('SELECT id, userId, orderStatus, paymentStatus FROM orders WHERE userId IN (?)', [idList(userIds)]);
  const orderIds = orders.map((order) => order.id);
  const [payments] = await pool.query('SELECT id, orderId, status, providerReference, providerReceipt FROM payments WHERE orderId IN (?)', [
    idList(orderIds),
  ]);
  const [attempts] = withAttempts
    ? await pool.query('SELECT orderId, state, checkoutRequestId FROM mpesa_attempts WHERE orderId IN (?)', [idList(orderIds)])
    : [undefined];
  const byId = new Map(orders.map((order) => [order.id, { ...order, payments: [], attempts: withAttempts ? [] : undefined }]));
  for (const payment of payments) byId.get(payment.orderId)?.payments.push(payment);
  for (const attempt of attempts ?? []) byId.get(attempt.orderId)?.attempts.push(attempt);
  return byId;
}

const isUnknown = (order) => order.paymentStatus === 'unknown' || order.payments.some((payment) => payment.status === 'unknown');
const hasLiveAttempt = (order) => order.attempts?.some((attempt) => attempt.state === 'sending' || attempt.state === 'pushed');

/** Still waiting for something: pending and not handed to a person. */
export const awaiting = (order) => order.orderStatus === 'pending' && !isUnknown(order);

/** One line about an order, for a finding's diagnosis. */
function describe(order) {
  if (!order) return 'no such order in the database';
  const payments = order.payments.map(
    (payment) =>
      `payment ${payment.id} ${payment.status} ref ${payment.providerReference ?? '-'} receipt ${payment.providerReceipt ?? '-'}`,
  );
  const attempts = order.attempts === undefined ? [] : [`attempts: ${order.attempts.map((attempt) => attempt.state).join(', ') || 'none'}`];
  return [`order ${order.id} ${order.orderStatus}/${order.paymentStatus}`, ...payments, ...attempts].join('; ');
}

/** How a charge went unrecorded, in a few words, so a round's losses can be counted by cause. */
function kindOfLoss(transaction, order) {
  if (!order) return 'no such order';
  const payment = order.payments.find((candidate) => candidate.providerReference === transaction.checkoutRequestId) ?? order.payments[0];
  const reference =
    payment?.providerReference === transaction.checkoutRequestId ? 'its CheckoutRequestID stored' : 'its CheckoutRequestID not stored';
  const receipt = payment?.providerReceipt ? `another receipt (${payment.providerReceipt})` : 'no receipt';
  return `order ${order.orderStatus}, payment ${payment?.status ?? 'missing'}, ${reference}, ${receipt}`;
}

/** The orders of the scope and the sandbox transactions for them, or for orders the shop does not have. */
export async function readScope(pool, sandboxUrl, userIds, { withAttempts, isOrphanOfScope }) {
  const orders = await ordersOf(pool, userIds, withAttempts);
  const transactions = (await sandboxTransactions(sandboxUrl)).filter((transaction) => {
    const orderId = orderIdOf(transaction);
    return orders.has(orderId) || isOrphanOfScope(transaction);
  });
  return { orders, transactions };
}

/**
 * Waits until the scope's outcome is final: no order pending (one handed to a person as 'unknown'
 * is final), every push of the scope answered at the sandbox, and every charged push's receipt on a
 * paid payment, that last for at most `receiptGraceMs` after the orders settled. Database and
 * sandbox errors (MariaDB just restarted) are looked past until the timeout.
 */
export async function settle({ pool, sandboxUrl, userIds, withAttempts, isOrphanOfScope, since, timeoutMs, receiptGraceMs }) {
  const began = Date.now();
  let ordersSettledAt;
  let last = {};
  for (;;) {
    try {
      const scope = await readScope(pool, sandboxUrl, userIds, { withAttempts, isOrphanOfScope });
      const waiting = [...scope.orders.values()].filter(awaiting).map((order) => order.id);
      const unanswered = scope.transactions.filter((transaction) => transaction.state !== 'finished').length;
      const unrecorded = unrecordedCharges(scope).length;
      last = { waiting, unanswered, unrecorded };
      if (waiting.length === 0 && unanswered === 0) {
        ordersSettledAt ??= Date.now();
        if (unrecorded === 0) return { settled: true, ms: Date.now() - since };
        if (Date.now() - ordersSettledAt >= receiptGraceMs)
          return { settled: true, ms: ordersSettledAt - since, receiptsMissing: unrecorded, receiptGraceMs };
      } else {
        ordersSettledAt = undefined;
      }
    } catch (error) {
      last = { ...last, error: error.message };
    }
    if (Date.now() - began >= timeoutMs) return { settled: false, ms: Date.now() - since, last };
    await sleep(SETTLE_POLL_INTERVAL_MS);
  }
}

/**
 * Where the money the sandbox took is not recorded as the shop's `paid` payment with its receipt:
 * the charged transactions the scope's orders do not account for. A payment handed to a person
 * ('unknown') does not account for money taken: nobody confirmed that order.
 */
export function unrecordedCharges({ orders, transactions }) {
  return transactions.filter(charged).filter((transaction) => {
    const order = orders.get(orderIdOf(transaction));
    return !order?.payments.some((payment) => payment.status === 'paid' && payment.providerReceipt === transaction.receipt);
  });
}

/**
 * Every check of a scope (a round's shoppers, or all of them): lost and doubled money, stuck
 * orders, stock, shoppers told to retry while their push was live, and the answers they got.
 * `answers` are the shoppers' (checkouts.mjs), `products` carry their stock before the scope began.
 */
export async function checkScope({ pool, scope, answers, products, withAttempts, retryMessage }) {
  const { orders, transactions } = scope;
  const orderList = [...orders.values()];
  const chargedOf = new Map();
  for (const transaction of transactions.filter(charged)) {
    const orderId = orderIdOf(transaction);
    chargedOf.set(orderId, [...(chargedOf.get(orderId) ?? []), transaction]);
  }

  const unrecorded = unrecordedCharges(scope);
  const lost = unrecorded.map(
    (transaction) =>
      `${transaction.checkoutRequestId} (${transaction.accountReference}, KES ${transaction.amount}, receipt ${transaction.receipt}): ${describe(orders.get(orderIdOf(transaction)))}`,
  );
  const lostKinds = unrecorded.map((transaction) => kindOfLoss(transaction, orders.get(orderIdOf(transaction))));
  const doubled = [];
  for (const [orderId, pushes] of chargedOf) {
    if (pushes.length > 1)
      doubled.push(`order ${orderId} charged ${pushes.length} times (${pushes.map((push) => push.receipt).join(', ')})`);
  }
  const [receiptsTwice] = await pool.query(
    'SELECT providerReceipt, COUNT(*) AS payments, GROUP_CONCAT(orderId) AS orders FROM payments WHERE providerReceipt IS NOT NULL AND orderId IN (?) GROUP BY providerReceipt HAVING COUNT(*) > 1',
    [idList(orderList.map((order) => order.id))],
  );
  for (const row of receiptsTwice) doubled.push(`receipt ${row.providerReceipt} on ${row.payments} payments (orders ${row.orders})`);
  for (const order of orderList) {
    const paid = order.payments.filter((payment) => payment.status === 'paid');
    if (paid.length > 1) doubled.push(`order ${order.id} has ${paid.length} paid payments`);
  }

  // Without the attempts table nothing says a push is live: every order still pending counts.
  const stuck = orderList.filter((order) => awaiting(order) && !hasLiveAttempt(order)).map(describe);
  const pendingLive = orderList.filter((order) => awaiting(order) && hasLiveAttempt(order)).map(describe);

  const productIds = products.map((product) => product.id);
  const [stockRows] = await pool.query('SELECT id, totalStock FROM products WHERE id IN (?)', [idList(productIds)]);
  const [heldRows] = await pool.query(
    "SELECT item.productId, SUM(item.quantity) AS units FROM order_items item JOIN orders o ON o.id = item.orderId WHERE o.orderStatus NOT IN ('cancelled', 'rejected') AND item.productId IN (?) GROUP BY item.productId",
    [idList(productIds)],
  );
  const stockOf = new Map(stockRows.map((row) => [row.id, Number(row.totalStock)]));
  const heldOf = new Map(heldRows.map((row) => [row.productId, Number(row.units)]));
  const stock = products
    .filter((product) => stockOf.get(product.id) !== product.totalStock - (heldOf.get(product.id) ?? 0) || stockOf.get(product.id) < 0)
    .map(
      (product) =>
        `product ${product.id} '${product.title}': started with ${product.totalStock}, orders hold ${heldOf.get(product.id) ?? 0}, shelf says ${stockOf.get(product.id)}`,
    );

  const orderOfUser = new Map(orderList.map((order) => [order.userId, order]));
  const pushedOrders = new Set(transactions.map(orderIdOf));
  const toldRetry = answers.filter((answer) => answer.status === 502 && answer.body?.message === retryMessage);
  const toldRetryWhileLive = toldRetry
    .filter((answer) => pushedOrders.has(orderOfUser.get(answer.shopper.userId)?.id))
    .map((answer) => {
      const order = orderOfUser.get(answer.shopper.userId);
      const pushes = transactions.filter((transaction) => orderIdOf(transaction) === order.id);
      return `shopper ${answer.shopper.userId} told to retry, but ${pushes.map((push) => `${push.checkoutRequestId} ${push.state}${charged(push) ? ' (charged)' : ''}`).join(', ')}: ${describe(order)}`;
    });
  const serverErrors = answers.filter((answer) => answer.status >= 500 && !toldRetry.includes(answer));
  // Not a finding of its own (the issue names the 502), but a 500 says "Please try again" too.
  const serverErrorsWhileLive = serverErrors.filter((answer) => pushedOrders.has(orderOfUser.get(answer.shopper.userId)?.id)).length;
  const noAnswer = answers.filter((answer) => answer.error !== undefined);

  const count = (predicate) => orderList.filter(predicate).length;
  return {
    placed: orderList.length,
    charged: transactions.filter(charged).length,
    confirmed: count((order) => order.orderStatus === 'confirmed'),
    cancelled: count((order) => order.orderStatus === 'cancelled'),
    unknown: count(isUnknown),
    lost,
    lostKinds,
    doubled,
    stuck,
    pendingLive,
    stock,
    toldRetry: toldRetry.length,
    toldRetryWhileLive,
    serverErrors,
    serverErrorsWhileLive,
    noAnswer,
    liveAttemptsKnown: withAttempts,
  };
}
