import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  deliveryFeeOf,
  effectivePrice,
  formatKes,
  MESSAGES,
  ORDER_API,
  ORDER_STATUS_LABELS,
  ROUTES,
  type ApiSuccess,
  type Order,
  type Product,
} from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import type { TestAccount } from '@shop/testing';
import { createAccounts, signInAsAdminInBrowser, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, SANDBOX_URL, shopContext, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin } from './support/catalogue.js';
import {
  chooseOption,
  markPage,
  mpesaPhoneInput,
  newOrderNotification,
  openCheckoutWithAddress,
  orderRow,
  PARKLANDS_ADDRESS,
  payButton,
  payByMpesa,
  prepareCheckout,
  whenSocketConnects,
} from './support/orders.js';

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
/** How late the shopper's phone answers in the first journey: the admin must hear nothing before. */
const PAYMENT_DELAY_MS = 4_000;
/** The sandbox calls back after 3 s; the worker settles and the socket tells the page. */
const SETTLE_TIMEOUT_MS = 20_000;
/** A status change travels api → outbox → worker → socket: well under this without any reload. */
const LIVE_TIMEOUT_MS = 10_000;
const QUANTITY = 2;

describe('orders live on two screens', () => {
  const tab = usePageForEachTest();
  let admin: TestAccount;
  let otherAdmin: TestAccount;
  let product: Product;

  beforeAll(async () => {
    [admin, otherAdmin] = await createAccounts('admin', 'admin');
    product = await addProduct(await signInAsAdmin(admin), {
      title: `Kikoy picnic set ${randomBytes(3).toString('hex')}`,
      description: 'A striped kikoy, four cups and a basket for a picnic at Uhuru Park.',
      category: 'action-outdoor',
      price: 2_300,
      salePrice: 0,
      totalStock: 40,
    });
  }, JOURNEY_TIMEOUT_MS);

  /** The admin signed in and looking at the orders, with the socket connected, so that events from now on reach the page. */
  async function adminOnOrdersPage(): Promise<Page> {
    const adminPage = await tab.newPage();
    const connected = whenSocketConnects(adminPage);
    await signInAsAdminInBrowser(adminPage, admin);
    await adminPage.getByRole('menuitem', { name: /Orders/ }).click();
    await adminPage.getByRole('heading', { name: 'All Orders' }).waitFor();
    await connected;
    return adminPage;
  }

  it(
    'tells the admin of an M-Pesa order when it is paid, not while it waits, and shows the shopper the admin’s change, neither reloading',
    async () => {
      const adminPage = await adminOnOrdersPage();
      const adminNotReloaded = await markPage(adminPage);

      const { page } = tab;
      const shopperConnected = whenSocketConnects(page);
      const shopper = await signInAsShopper(page);
      const address = await prepareCheckout(page, shopper, product, QUANTITY);
      // The phone answers a few seconds late: long enough to see that nothing is announced before the money.
      const behaviour = await page.request.put(`${SANDBOX_URL}/daraja/control/phones/${address.phone}/behaviour`, {
        data: { extraDelayMs: PAYMENT_DELAY_MS },
      });
      expect(behaviour.status()).toBe(204);
      await openCheckoutWithAddress(page);
      await shopperConnected;
      const shopperNotReloaded = await markPage(page);

      await payByMpesa(page, formatKenyanMobile(address.phone));
      await page.getByTestId('mpesa-waiting-panel').getByText(MESSAGES.checkout.waitingForPhone).waitFor();
      const [{ id: orderId }] = ((await (await page.request.get(ORDER_API.orders(shopper.user.id))).json()) as ApiSuccess<Order[]>)
        .data as [Order];
      // This order's notice: other shoppers' orders may be paid meanwhile.
      const link = adminPage.getByRole('link', { name: `View order #${orderId}`, exact: true });
      const notice = newOrderNotification(adminPage, shopper.user.userName).filter({ has: link });
      await page.waitForTimeout(PAYMENT_DELAY_MS / 2);
      expect(await notice.count()).toBe(0);

      // The money arrives: the admin hears of it on the page already open.
      await notice.waitFor({ timeout: SETTLE_TIMEOUT_MS + PAYMENT_DELAY_MS });
      const total = effectivePrice(product) * QUANTITY + (deliveryFeeOf(PARKLANDS_ADDRESS) ?? Number.NaN);
      expect(await notice.getByText(formatKes(total)).isVisible()).toBe(true);

      // The row joins the first page; the notification's link opens the order, paid and confirmed.
      await orderRow(adminPage, orderId).getByText(shopper.user.userName).waitFor();
      await notice.getByRole('link', { name: `View order #${orderId}`, exact: true }).click();
      const adminDialog = adminPage.getByRole('dialog', { name: `Order #${orderId}` });
      await adminDialog
        .getByRole('region', { name: 'Status history' })
        .getByText('Pending → Confirmed')
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
      expect(await adminDialog.getByText('Paid', { exact: true }).isVisible()).toBe(true);
      expect(new URL(adminPage.url()).search).toBe('');

      // The shopper's waiting panel followed the payment to the success page.
      await page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: SETTLE_TIMEOUT_MS });

      await page.getByRole('button', { name: 'View Orders' }).click();
      await page.waitForURL(`**${ROUTES.shopAccount}`);
      const shopperRow = orderRow(page, orderId);
      await shopperRow.getByText(ORDER_STATUS_LABELS.confirmed).waitFor();

      // The admin ships it.
      await chooseOption(adminPage, adminDialog.getByLabel('Order Status'), ORDER_STATUS_LABELS.inShipping);
      await adminDialog.getByRole('button', { name: 'Update Order Status' }).click();
      await adminDialog.getByText(`Confirmed → ${ORDER_STATUS_LABELS.inShipping}`).waitFor();

      // The shopper's account, open all along, shows it.
      await shopperRow.getByText(ORDER_STATUS_LABELS.inShipping).waitFor({ timeout: LIVE_TIMEOUT_MS });
      expect(await shopperNotReloaded()).toBe(true);
      expect(await adminNotReloaded()).toBe(true);
      // Seen as it arrived: the orders page was open, so nothing is counted on the menu.
      expect(
        await adminPage
          .getByRole('menuitem', { name: /Orders/ })
          .locator('.ant-badge-count')
          .count(),
      ).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows another admin’s change in the open dialog and the row, and counts new orders until the orders page is opened',
    async () => {
      const adminPage = await adminOnOrdersPage();
      const { page } = tab;
      const shopper = await signInAsShopper(page);
      const address = await prepareCheckout(page, shopper, product, 1);
      await openCheckoutWithAddress(page);

      // The admin looks at the dashboard: the new order is counted on the Orders item.
      await adminPage.getByRole('menuitem', { name: /Dashboard/ }).click();
      await payButton(page, 'M-Pesa').click();
      await mpesaPhoneInput(page).fill(formatKenyanMobile(address.phone));
      await payButton(page, 'M-Pesa').click();
      const notice = newOrderNotification(adminPage, shopper.user.userName);
      await notice.waitFor();
      const orderId = Number((await notice.getByRole('link').textContent())?.replace(/\D/g, ''));
      const ordersItem = adminPage.getByRole('menuitem', { name: /Orders/ });
      await ordersItem.getByText('1', { exact: true }).waitFor();
      await page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: SETTLE_TIMEOUT_MS });

      await ordersItem.click();
      await orderRow(adminPage, orderId)
        .getByRole('button', { name: /^View Details/ })
        .click();
      const adminDialog = adminPage.getByRole('dialog', { name: `Order #${orderId}` });
      await adminDialog.getByRole('region', { name: 'Status history' }).getByText('Pending → Confirmed').waitFor();
      // The badge leaves with a short animation: its element goes once that ends.
      await ordersItem.locator('.ant-badge-count').waitFor({ state: 'detached' });
      expect(await ordersItem.locator('.ant-badge-count').count()).toBe(0);

      // A second admin, in another browser, moves the order on.
      const otherAdminContext = await shopContext(tab.browser);
      try {
        const otherPage = await otherAdminContext.newPage();
        // The page reloads an open dialog when its socket (re)connects: it connects first, as a person's page would have long before.
        const otherConnected = whenSocketConnects(otherPage);
        await signInAsAdminInBrowser(otherPage, otherAdmin);
        await otherPage.goto(ROUTES.adminOrders);
        await otherConnected;
        await orderRow(otherPage, orderId)
          .getByRole('button', { name: /^View Details/ })
          .click();
        const otherDialog = otherPage.getByRole('dialog', { name: `Order #${orderId}` });
        await chooseOption(otherPage, otherDialog.getByLabel('Order Status'), ORDER_STATUS_LABELS.inProcess);
        await otherDialog.getByRole('button', { name: 'Update Order Status' }).click();
        await otherDialog.getByText(`Confirmed → ${ORDER_STATUS_LABELS.inProcess}`).waitFor();
      } finally {
        await otherAdminContext.close();
      }

      await adminDialog.getByText(`Confirmed → ${ORDER_STATUS_LABELS.inProcess}`).waitFor({ timeout: LIVE_TIMEOUT_MS });
      await adminPage.keyboard.press('Escape');
      await orderRow(adminPage, orderId).getByText(ORDER_STATUS_LABELS.inProcess).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
