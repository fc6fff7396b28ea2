import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  CATALOGUE_API,
  formatKes,
  MESSAGES,
  ORDER_API,
  ORDER_STATUS_LABELS,
  ROUTES,
  type AdminOrderPage,
  type ApiSuccess,
  type Order,
  type Product,
} from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import type { TestAccount } from '@shop/testing';
import { createAccounts, signInAsAdminInBrowser, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, SANDBOX_URL, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin, type ApiSession } from './support/catalogue.js';
import { arriveBackFromPaypal, openCheckoutWithAddress, orderRow, payButton, payByMpesa, prepareCheckout } from './support/orders.js';

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
const SETTLE_TIMEOUT_MS = 30_000;
/** Used by no other browser test: its slow answers cannot reach another test's screens. */
const WRONG_PIN_PHONE = '0700 002 001';

/** docs/orders.md as a shopper and an admin live it: one order waiting, closed at once, paid back once. */
describe('the life of an order in the browser', () => {
  const tab = usePageForEachTest();
  let admin: TestAccount;
  let adminSession: ApiSession;

  beforeAll(async () => {
    [admin] = await createAccounts('admin');
    adminSession = await signInAsAdmin(admin);
  }, JOURNEY_TIMEOUT_MS);

  /** A toy of its own for each journey, with `units` on the shelf. */
  const toyWith = (units: number): Promise<Product> =>
    addProduct(adminSession, {
      title: `Kikapu toy basket ${randomBytes(3).toString('hex')}`,
      description: 'A woven basket of wooden toys.',
      category: 'educational-toys',
      price: 900,
      salePrice: 0,
      totalStock: units,
    });
  const unitsForSale = async (page: Page, product: Product) =>
    ((await (await page.request.get(CATALOGUE_API.shopProduct(product.id))).json()) as ApiSuccess<Product>).data.totalStock;
  const ordersOf = async (page: Page, shopper: TestAccount) =>
    ((await (await page.request.get(ORDER_API.orders(shopper.user.id))).json()) as ApiSuccess<Order[]>).data;

  it(
    "closes the order at once when the shopper cancels on PayPal's page, so the last unit can be paid by M-Pesa",
    async () => {
      const { page } = tab;
      const product = await toyWith(1);
      const shopper = await signInAsShopper(page);
      const address = await prepareCheckout(page, shopper, product, 1);
      await openCheckoutWithAddress(page);
      await payButton(page, 'PayPal').click();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await arriveBackFromPaypal(page);
      await page.getByText(MESSAGES.checkout.paypalOrderCancelled).waitFor();
      // Back on the shelf the moment the shopper is back, not 15 minutes later.
      expect(await unitsForSale(page, product)).toBe(1);
      expect((await ordersOf(page, shopper)).map((order) => order.orderStatus)).toEqual(['cancelled']);

      await page.getByRole('button', { name: 'Back to checkout' }).click();
      await page.waitForURL(`**${ROUTES.shopCheckout}`);
      await openCheckoutWithAddress(page);
      await payByMpesa(page, formatKenyanMobile(address.phone));
      await page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: SETTLE_TIMEOUT_MS });
      expect(await unitsForSale(page, product)).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sends a new M-Pesa prompt for the same order when the shopper tries again, holding the last unit once',
    async () => {
      const { page } = tab;
      const product = await toyWith(1);
      const shopper = await signInAsShopper(page);
      // docs/sandbox-mpesa.md: this number answers with a wrong PIN, here late: the shopper gives up
      // waiting and pays again; once the test is done both prompts fail, and nobody is alerted.
      const address = await prepareCheckout(page, shopper, product, 1, WRONG_PIN_PHONE);
      const slow = await page.request.put(`${SANDBOX_URL}/daraja/control/phones/${address.phone}/behaviour`, {
        data: { extraDelayMs: 15_000 },
      });
      expect(slow.status()).toBe(204);
      await openCheckoutWithAddress(page);
      await payByMpesa(page, formatKenyanMobile(address.phone));
      const waiting = page.getByTestId('mpesa-waiting-panel');
      await waiting.getByText(MESSAGES.checkout.waitingForPhone).waitFor();
      const [first] = await ordersOf(page, shopper);

      await openCheckoutWithAddress(page);
      await payByMpesa(page, formatKenyanMobile(address.phone));
      await waiting.getByText(MESSAGES.checkout.waitingForPhone).waitFor();
      const orders = await ordersOf(page, shopper);
      expect(orders.map((order) => [order.id, order.orderStatus])).toEqual([[first!.id, 'pending']]);
      expect(await unitsForSale(page, product)).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets a PayPal shopper cancel a paid order, and the admin refund it through PayPal once',
    async () => {
      const { page } = tab;
      const product = await toyWith(3);
      const shopper = await signInAsShopper(page);
      await prepareCheckout(page, shopper, product, 2);
      await openCheckoutWithAddress(page);
      await payButton(page, 'PayPal').click();
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await arriveBackFromPaypal(page);
      await page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: SETTLE_TIMEOUT_MS });
      const [order] = await ordersOf(page, shopper);
      expect(await unitsForSale(page, product)).toBe(1);

      // The shopper changes their mind in My Orders.
      await page.goto(ROUTES.shopAccount);
      await orderRow(page, order!.id)
        .getByRole('button', { name: `View Details of order ${order!.id}` })
        .click();
      const details = page.getByRole('dialog', { name: `Order #${order!.id}` });
      await details.getByRole('button', { name: 'Cancel order' }).click();
      await page
        .getByRole('dialog', { name: `Cancel order #${order!.id}?` })
        .getByRole('button', { name: 'Cancel order' })
        .click();
      await page.getByText(MESSAGES.orders.cancelledRefundDue).waitFor();
      await details.getByText(`Refund due: ${formatKes(order!.totalAmount)}`).waitFor();
      expect(await unitsForSale(page, product)).toBe(3);

      // The admin gives the money back from the order's dialog.
      const adminPage = await tab.newPage();
      await signInAsAdminInBrowser(adminPage, admin);
      await adminPage.goto(ROUTES.adminOrders);
      await orderRow(adminPage, order!.id)
        .getByRole('button', { name: `View Details of order ${order!.id}` })
        .click();
      const adminDialog = adminPage.getByRole('dialog', { name: `Order #${order!.id}` });
      await adminDialog.getByRole('button', { name: `Refund ${formatKes(order!.totalAmount)}` }).click();
      await adminPage
        .getByRole('dialog', { name: `Refund order #${order!.id}` })
        .getByRole('button', { name: 'Refund', exact: true })
        .click();
      await adminDialog
        .getByText(/^Refunded KES/)
        .first()
        .waitFor({ timeout: SETTLE_TIMEOUT_MS });
      expect(await adminDialog.getByRole('button', { name: /^Refund KES/ }).count()).toBe(0);

      const adminOrders = (
        (await (await adminPage.request.get(ORDER_API.adminOrders, { params: { pageSize: 100 } })).json()) as AdminOrderPage
      ).data;
      const refunded = adminOrders.find((row) => row.id === order!.id)!;
      expect([refunded.orderStatus, refunded.paymentStatus]).toEqual(['cancelled', 'refunded']);
      const refunds = (await (
        await adminPage.request.get(`${SANDBOX_URL}/paypal/control/captures/${refunded.paymentReceipt}/refunds`)
      ).json()) as unknown[];
      expect(refunds).toHaveLength(1);
      await page.getByText(ORDER_STATUS_LABELS.cancelled).first().waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
