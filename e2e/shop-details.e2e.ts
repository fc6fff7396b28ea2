import { randomBytes } from 'node:crypto';
import {
  CATALOGUE_API,
  MESSAGES,
  PAYPAL_QUOTE_API,
  ROUTES,
  type ApiSuccess,
  type PaypalQuote,
  type Product,
  type ProductPage,
} from '@shop/contracts';
import { featuredEndText } from '../web/src/features/catalogue/product-presentation.js';
import { formatPaypalAmount, formatPaypalRate, paypalChargeText } from '../web/src/features/checkout/paypal-charge.js';
import { signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin } from './support/catalogue.js';
import { arriveBackFromPaypal, newestOrderId, openCheckoutWithAddress, orderRow, payButton, prepareCheckout } from './support/orders.js';

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
/** More than one page of Feature Products (12), so that scrolling has a page to read. */
const TOYS_ADDED = 13;

describe('the small things a shopper notices', () => {
  const tab = usePageForEachTest();
  let product: Product;

  beforeAll(async () => {
    const admin = await signInAsAdmin();
    const run = randomBytes(3).toString('hex');
    const added = [];
    for (let index = 0; index < TOYS_ADDED; index += 1) {
      added.push(
        await addProduct(admin, {
          title: `Spinning top ${run}-${index}`,
          description: 'A wooden top.',
          category: 'pretend-play',
          price: 300 + index,
          salePrice: 0,
          totalStock: 30,
        }),
      );
    }
    [product] = added;
  }, JOURNEY_TIMEOUT_MS);

  it(
    'Feature Products shows the whole catalogue, a page at a time as the shopper scrolls, and says when it has shown it all',
    async () => {
      await signInAsShopper(tab.page);
      const catalogue = (await (await tab.page.request.get(`${CATALOGUE_API.shopProducts}?pageSize=1`)).json()) as ProductPage;
      const featured = tab.page.getByRole('region', { name: 'Feature Products' });
      const end = featured.getByText(featuredEndText(catalogue.pagination.total));
      await featured.getByRole('article').first().waitFor();
      while (!(await end.isVisible())) {
        await tab.page.keyboard.press('End');
        await tab.page.waitForTimeout(100);
      }
      const titles = await Promise.all((await featured.getByRole('article').all()).map((card) => card.getAttribute('aria-label')));
      expect(titles).toHaveLength(catalogue.pagination.total);
      expect(new Set(titles).size).toBe(titles.length);
      expect(await featured.getByRole('button', { name: 'Show more toys' }).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows what PayPal will charge before the shopper leaves for PayPal, and the same in the order details',
    async () => {
      const shopper = await signInAsShopper(tab.page);
      const address = await prepareCheckout(tab.page, shopper, product, 3);
      await openCheckoutWithAddress(tab.page);
      const quote = ((await (await tab.page.request.get(PAYPAL_QUOTE_API.quote(address.id))).json()) as ApiSuccess<PaypalQuote>).data;

      const paypalRow = tab.page.getByRole('table', { name: 'Order total' }).getByRole('row').filter({ hasText: 'By PayPal' });
      await paypalRow.getByText(formatPaypalAmount(quote.providerAmount)).waitFor();
      expect(await paypalRow.textContent()).toContain(formatPaypalRate(quote.providerAmount));

      await payButton(tab.page, 'PayPal').click();
      await tab.page.getByRole('button', { name: 'Approve', exact: true }).click();
      await arriveBackFromPaypal(tab.page);
      await tab.page.waitForURL(`**${ROUTES.shopPaymentSuccess}`, { timeout: 30_000 });
      await tab.page.getByText(MESSAGES.checkout.paymentSuccessful).waitFor();

      await tab.page.getByRole('button', { name: 'View Orders' }).click();
      await tab.page.locator('.ant-table-row').first().waitFor();
      const orderId = await newestOrderId(tab.page);
      await orderRow(tab.page, orderId)
        .getByRole('button', { name: /^View Details/ })
        .click();
      const dialog = tab.page.getByRole('dialog', { name: `Order #${orderId}` });
      await dialog.getByText(paypalChargeText(quote.providerAmount)).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
