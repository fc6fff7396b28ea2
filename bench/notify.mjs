// npm run bench:notify: how soon a paid order's SMS and e-mail reach the sandbox's outbox after
// M-Pesa's callback, on the shop already running (`npm start`). A bench shopper (signed in, or
// registered the first time) puts a toy in the cart, pays by M-Pesa and waits: for the sandbox's
// callback to be answered 200, for the order to read Confirmed (the baseline of the same run: the
// way the money itself takes, polled every 50 ms), and for the shopper's SMS and e-mail about the
// order in /outbox/messages.json.
//
//   SHOP_URL=http://localhost:3000      the running shop
//   SANDBOX_URL=http://localhost:3002   its sandbox (Daraja's callbacks, the outbox)
//   --runs 5                            checkouts, one after the other, each paid from the phone of the
//                                       shopper's saved address (the shop takes no other): at most five
//                                       pushes an hour to one number (RATE_LIMITS.pushesToPhoneByShopper)
//   BENCH_SHOPPER_EMAIL / _PASSWORD     the bench shopper (bench-notify-shopper@example.com)
//
// Times run from the moment the sandbox started posting the callback that was answered 200 to the
// moment the outbox received the message (the sandbox's own clock for both). The target is
// both messages within 10 s (docs/benchmarks.md, Messages after payment).
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { say, StepFailure } from '../infra/scripts/lib/bootstrap.mjs';
import { runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { formatRatio, printTable, printVerdicts } from '../infra/scripts/lib/report.mjs';

const TARGET_MS = 10_000;
const POLL_MS = 50;
const WAIT_MS = 30_000;
/** Parklands, Westlands, Nairobi: a zone of the demo's delivery table. */
const PLACE = { county: 'Nairobi', subCounty: 'Westlands', location: 'Parklands', specificAddress: 'House 7, Tumaini Lane' };

await runBench(async () => {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  const shop = process.env.SHOP_URL ?? 'http://localhost:3000';
  const sandbox = process.env.SANDBOX_URL ?? 'http://localhost:3002';

  const call = async (method, path, token, body) => {
    const response = await fetch(`${shop}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-session-transport': 'bearer',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).catch((error) => {
      throw new StepFailure(`The shop at ${shop} does not answer (${error.cause?.code ?? error.message}): start it with npm start.`);
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new StepFailure(`${method} ${path} answered ${response.status}: ${answer.message ?? ''}`);
    return answer;
  };
  const readSandbox = async (path) => (await fetch(`${sandbox}${path}`)).json();
  const waitFor = async (what, check) => {
    const started = Date.now();
    for (;;) {
      const found = await check();
      if (found) return found;
      if (Date.now() - started > WAIT_MS) throw new StepFailure(`No ${what} within ${WAIT_MS / 1000} s.`);
      await sleep(POLL_MS);
    }
  };

  const toy = (await call('GET', '/api/shop/products/get')).data.find(
    (product) => product.totalStock > runs && !product.variations?.length,
  );
  if (!toy) throw new StepFailure('The shop has no toy in stock to buy: seed the demo catalogue (npm start does).');
  const shopper = {
    email: process.env.BENCH_SHOPPER_EMAIL ?? 'bench-notify-shopper@example.com',
    password: process.env.BENCH_SHOPPER_PASSWORD ?? 'bench-notify-shopper-password',
  };
  // Signed in if it exists; registered only the first time, as the shop allows ten registrations an hour from one address.
  const signedIn = await call('POST', '/api/auth/login', undefined, shopper).catch(() =>
    call('POST', '/api/auth/register', undefined, { userName: 'Bench Notify', ...shopper }),
  );
  const { token, user } = signedIn;
  const deliveryPhone = '0712 000 018';
  const saved = (await call('GET', `/api/shop/address/get/${user.id}`, token)).data;
  const address =
    saved[0] ?? (await call('POST', '/api/shop/address/add', token, { userId: user.id, ...PLACE, phone: deliveryPhone })).data;
  const smsTo = `+254${address.phone.replace(/\D/g, '').replace(/^(254|0)/, '')}`;

  const rows = [];
  for (let run = 1; run <= runs; run += 1) {
    await call('POST', '/api/shop/cart/add', token, { userId: user.id, productId: toy.id, quantity: 1 });
    const { orderId, checkoutRequestId } = (await call('POST', '/api/shop/payment', token, { addressId: address.id, phone: address.phone }))
      .data;

    const answered = await waitFor('answered callback', async () =>
      (await readSandbox(`/daraja/control/transactions/${checkoutRequestId}`)).deliveries?.find((delivery) => delivery.status === 200),
    );
    const callbackAt = Date.parse(answered.at);
    const confirmedAt = await waitFor(
      'Confirmed order',
      async () => (await call('GET', `/api/shop/order/details/${orderId}`, token)).data.orderStatus === 'confirmed' && Date.now(),
    );
    const [smsAt, emailAt] = await waitFor('SMS and e-mail', async () => {
      const outbox = await readSandbox('/outbox/messages.json');
      const sms = outbox.sms.find((message) => message.to === smsTo && message.message.includes(`#${orderId}`));
      const mail = outbox.email.find((message) => message.to.includes(user.email) && message.subject.includes(`#${orderId}`));
      return sms && mail && [Date.parse(sms.sentAt), Date.parse(mail.receivedAt)];
    });
    rows.push({ run, orderId, confirmedMs: confirmedAt - callbackAt, smsMs: smsAt - callbackAt, emailMs: emailAt - callbackAt });
    say(`run ${run}: order #${orderId}`);
  }

  const median = (key) => rows.map((row) => row[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  const max = (key) => Math.max(...rows.map((row) => row[key]));
  printTable(
    ['run', 'order', 'Confirmed ms (polled)', 'SMS ms', 'e-mail ms'],
    [
      ...rows.map((row) => [row.run, `#${row.orderId}`, row.confirmedMs, row.smsMs, row.emailMs]),
      ['median', '', median('confirmedMs'), median('smsMs'), median('emailMs')],
      ['max', '', max('confirmedMs'), max('smsMs'), max('emailMs')],
    ],
  );
  const slowest = Math.max(max('smsMs'), max('emailMs'));
  console.log(`\nslowest message / Confirmed (baseline, same runs): ${formatRatio(slowest / max('confirmedMs'))}`);
  printVerdicts([
    {
      name: 'slowest of the SMS and e-mail after the M-Pesa callback',
      measured: `${slowest} ms`,
      target: `<= ${TARGET_MS} ms`,
      passed: slowest <= TARGET_MS,
    },
  ]);
  return 0;
});
