import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  deliveryFeeOf,
  effectivePrice,
  formatKes,
  MESSAGES,
  ORDER_STATUS_LABELS,
  ROUTES,
  SHOPPER_API,
  type Address,
  type ApiSuccess,
  type Cart,
  type CartLineInput,
  type Product,
} from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import { newPhone, type TestAccount } from '@shop/testing';
import { createAccounts, signInAsAdminInBrowser, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, SANDBOX_URL, shopContext, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin } from './support/catalogue.js';
import {
  arriveBackFromPaypal,
  chooseOption,
  mpesaPhoneInput,
  newestOrderId,
  openCheckoutWithAddress,
  orderRow,
  PARKLANDS_ADDRESS,
  payButton,
  payByMpesa,
  prepareCheckout,
} from './support/orders.js';

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
/** The sandbox calls back after 3 s, the worker settles, and the page follows the order's order:updated event. */
const SETTLE_TIMEOUT_MS = 30_000;
const QUANTITY = 2;
/** docs/sandbox-mpesa.md: 0700 001 032 is the shopper cancelling on the phone; any other number pays. */
const CANCELLING_PHONE = '0700 001 032';

describe('paying in the browser', () => {
  const tab = usePageForEachTest();
  let admin: TestAccount;
  let product: Product;

  beforeAll(async () => {
    [admin] = await createAccounts('admin');
    product = await addProduct(await signInAsAdmin(admin), {
      title: `Maasai beadwork kit ${randomBytes(3).toString('hex')}`,
      description: 'Beads, thread and patterns for six bracelets.',
      category: 'educational-toys',
      price: 1_450,
      salePrice: 1_200,
      totalStock: 40,
    });
  }, JOURNEY_TIMEOUT_MS);

  const toast = (text: string) => tab.page.locator('.ant-message-notice', { hasText: text }).last().waitFor();
  const waitingPanel = () => tab.page.getByTestId('mpesa-waiting-panel');
  const orderTotal = () => effectivePrice(product) * QUANTITY + (deliveryFeeOf(PARKLANDS_ADDRESS) ?? Number.NaN);

  /** A shopper at the checkout with their address chosen; its phone is `phone` (as typed) or a number of their own. */
  async function shopperAtCheckout(phone?: string): Promise<{ shopper: TestAccount; address: Address }> {
    const shopper = await signInAsShopper(tab.page);
    const address = await prepareCheckout(tab.page, shopper, product, QUANTITY, phone);
    await openCheckoutWithAddress(tab.page);
    return { shopper, address };
  }

  /** The admin, signed in in a browser of their own, watching the orders page while `watch` runs. */
  async function asAdminOnOrders(watch: (adminPage: Page) => Promise<void>): Promise<void> {
    const adminContext = await shopContext(tab.browser);
    try {
      const adminPage = await adminContext.newPage();
      await signInAsAdminInBrowser(adminPage, admin);
      await adminPage.goto(ROUTES.adminOrders);
      await adminPage.getByRole('heading', { name: 'All Orders' }).waitFor();
      await watch(adminPage);
    } finally {
      await adminContext.close();
    }
  }

  async function cartLineCount(shopper: TestAccount): Promise<number> {
    const answer = await tab.page.request.get(SHOPPER_API.cart(shopper.user.id));
    return ((await answer.json()) as ApiSuccess<Cart>).data.items.length;
  }

  it(
    'pays by M-Pesa, lands on the success page, and follows the order as the admin ships it',
    async () => {
      const { shopper, address } = await shopperAtCheckout();
      const phone = formatKenyanMobile(address.phone);

      // The first click reveals the number, filled in from the delivery address; a wrong one is refused before anything is sent.
      await payButton(tab.page, 'M-Pesa').click();
      expect(await mpesaPhoneInput(tab.page).inputValue()).toBe(phone);
      await tab.page.getByText(MESSAGES.checkout.mpesaPhoneHelp).waitFor();
      await mpesaPhoneInput(tab.page).fill(phone.slice(0, 8));
      await payButton(tab.page, 'M-Pesa').click();
      await tab.page.getByText(MESSAGES.checkout.invalidPhone).first().waitFor();
      expect(await waitingPanel().count()).toBe(0);

      await mpesaPhoneInput(tab.page).fill(phone);
      await payButton(tab.page, 'M-Pesa').click();
      await toast(MESSAGES.checkout.mpesaInitiated);
      await waitingPanel().getByText(MESSAGES.checkout.waitingForPhone).waitFor();
      expect(await mpesaPhoneInput(tab.page).count()).toBe(0);
      expect(await payButton(tab.page, 'PayPal').isDisabled()).toBe(true);

      await tab.page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: SETTLE_TIMEOUT_MS });
      await tab.page.getByText(MESSAGES.checkout.paymentSuccessful).waitFor();
      expect(await cartLineCount(shopper)).toBe(0);

      await tab.page.getByRole('button', { name: 'View Orders' }).click();
      await tab.page.waitForURL(`**${ROUTES.shopAccount}`);
      await tab.page.locator('.ant-table-row').first().waitFor();
      const orderId = await newestOrderId(tab.page);
      const row = orderRow(tab.page, orderId);
      await row.getByText(ORDER_STATUS_LABELS.confirmed).waitFor();
      expect(await row.getByText(formatKes(orderTotal())).isVisible()).toBe(true);

      await row.getByRole('button', { name: /^View Details/ }).click();
      const dialog = tab.page.getByRole('dialog', { name: `Order #${orderId}` });
      await dialog.getByText('Paid', { exact: true }).waitFor();
      for (const text of [
        'M-Pesa',
        product.title,
        `Quantity: ${QUANTITY}`,
        PARKLANDS_ADDRESS.specificAddress,
        phone,
        PARKLANDS_ADDRESS.notes!,
        shopper.user.userName,
      ]) {
        expect(await dialog.getByText(text, { exact: false }).first().isVisible()).toBe(true);
      }
      await tab.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // The admin ships it.
      await asAdminOnOrders(async (adminPage) => {
        const adminRow = orderRow(adminPage, orderId);
        await adminRow.getByText(shopper.user.userName).waitFor();
        expect(await adminRow.getByText('M-Pesa · Paid').isVisible()).toBe(true);
        await adminRow.getByRole('button', { name: /^View Details/ }).click();
        const adminDialog = adminPage.getByRole('dialog', { name: `Order #${orderId}` });
        await adminDialog.getByRole('region', { name: 'Status history' }).getByText('Pending → Confirmed').waitFor();
        await chooseOption(adminPage, adminDialog.getByLabel('Order Status'), ORDER_STATUS_LABELS.inShipping);
        await adminDialog.getByRole('button', { name: 'Update Order Status' }).click();
        await adminPage.locator('.ant-message-notice', { hasText: MESSAGES.orders.statusUpdated }).waitFor();
        await adminDialog.getByText(`Confirmed → ${ORDER_STATUS_LABELS.inShipping}`).waitFor();
        await adminPage.keyboard.press('Escape');
        await adminRow.getByText(ORDER_STATUS_LABELS.inShipping).waitFor();
      });

      await tab.page.reload();
      await orderRow(tab.page, orderId).getByText(ORDER_STATUS_LABELS.inShipping).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'says why an M-Pesa payment failed, and tries again with a new request',
    async () => {
      await shopperAtCheckout(CANCELLING_PHONE);
      await payByMpesa(tab.page, CANCELLING_PHONE);
      await waitingPanel().getByText(MESSAGES.checkout.waitingForPhone).waitFor();
      await waitingPanel().getByText(MESSAGES.checkout.paymentFailedTitle).waitFor({ timeout: SETTLE_TIMEOUT_MS });
      expect(await waitingPanel().getByText(MESSAGES.payment.mpesaCancelled).isVisible()).toBe(true);
      expect(await payButton(tab.page, 'PayPal').isEnabled()).toBe(true);

      await waitingPanel().getByRole('button', { name: 'Try again' }).click();
      await toast(MESSAGES.checkout.mpesaInitiated);
      await waitingPanel().getByText(MESSAGES.checkout.waitingForPhone).waitFor();
      // The same number cancels again: the second order fails the same way.
      await waitingPanel().getByText(MESSAGES.payment.mpesaCancelled).waitFor({ timeout: SETTLE_TIMEOUT_MS });

      await tab.page.goto(ROUTES.shopAccount);
      await tab.page.locator('.ant-table-row').nth(1).waitFor();
      expect(await tab.page.locator('.ant-table-row').getByText(ORDER_STATUS_LABELS.cancelled).count()).toBe(2);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'alerts the admin, as it happens, of an M-Pesa payment of the wrong amount, and shows what came and what is owed back',
    async () => {
      await asAdminOnOrders(async (adminPage) => {
        // This number's payment reaches the shop as 7 KES instead of the total (docs/sandbox-mpesa.md, behaviours).
        const phone = newPhone();
        await shopperAtCheckout(formatKenyanMobile(phone));
        const behaviour = await tab.page.request.put(`${SANDBOX_URL}/daraja/control/phones/${phone}/behaviour`, { data: { amount: 7 } });
        expect(behaviour.status()).toBe(204);
        await payByMpesa(tab.page, formatKenyanMobile(phone));
        await waitingPanel().getByText(MESSAGES.payment.amountMismatch).waitFor({ timeout: SETTLE_TIMEOUT_MS });

        const alert = adminPage.getByRole('alert').filter({ hasText: 'Wrong amount paid' });
        await alert.waitFor({ timeout: SETTLE_TIMEOUT_MS });
        expect(await alert.getByText(`received ${formatKes(7)} of ${formatKes(orderTotal())}`, { exact: false }).isVisible()).toBe(true);
        await alert.getByRole('link', { name: /^View order #\d+$/ }).click();
        const dialog = adminPage.getByRole('dialog', { name: /^Order #\d+$/ });
        await dialog.getByText('Amount received').waitFor();
        expect(await dialog.getByText('Refund due').isVisible()).toBe(true);
        expect(await dialog.getByText(formatKes(7)).count()).toBeGreaterThanOrEqual(2);
      });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'pays by PayPal through the approval page and comes back to the success page',
    async () => {
      const { shopper } = await shopperAtCheckout();
      await payButton(tab.page, 'PayPal').click();
      await tab.page.getByRole('button', { name: 'Approve', exact: true }).click();
      await arriveBackFromPaypal(tab.page);
      await tab.page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: SETTLE_TIMEOUT_MS });
      await tab.page.getByText(MESSAGES.checkout.paymentSuccessful).waitFor();
      expect(await tab.page.evaluate<string | null>("sessionStorage.getItem('toyduka.paypal.orderId')")).toBeNull();
      expect(await cartLineCount(shopper)).toBe(0);

      await tab.page.getByRole('button', { name: 'View Orders' }).click();
      await tab.page.locator('.ant-table-row').first().getByText(ORDER_STATUS_LABELS.confirmed).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets a PayPal payer whose card was declined choose another way, and says when they cancelled',
    async () => {
      const { shopper } = await shopperAtCheckout();
      await payButton(tab.page, 'PayPal').click();
      await tab.page.getByRole('button', { name: 'Approve with a card that will be declined' }).click();
      await arriveBackFromPaypal(tab.page);
      await tab.page.getByText(MESSAGES.payment.paypalDeclined).waitFor({ timeout: SETTLE_TIMEOUT_MS });

      await tab.page.getByRole('link', { name: 'Choose another way to pay' }).click();
      await tab.page.getByRole('button', { name: 'Approve', exact: true }).click();
      await arriveBackFromPaypal(tab.page);
      await tab.page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: SETTLE_TIMEOUT_MS });

      // A second order, cancelled on PayPal's page: nothing is captured and the shopper can go back.
      const refill = await tab.page.request.post(SHOPPER_API.addToCart, {
        data: { userId: shopper.user.id, productId: product.id, quantity: 1 } satisfies CartLineInput,
      });
      expect(refill.ok()).toBe(true);
      await openCheckoutWithAddress(tab.page);
      await payButton(tab.page, 'PayPal').click();
      await tab.page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await arriveBackFromPaypal(tab.page);
      await tab.page.getByText(MESSAGES.checkout.paypalOrderCancelled).waitFor();
      await tab.page.getByRole('button', { name: 'Back to checkout' }).click();
      await tab.page.waitForURL(`**${ROUTES.shopCheckout}`);
      expect(await cartLineCount(shopper)).toBe(1);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
