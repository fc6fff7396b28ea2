import { randomBytes } from 'node:crypto';
import {
  deliveryFeeOf,
  effectivePrice,
  formatKes,
  LIMITS,
  MESSAGES,
  ROUTES,
  SHOPPER_API,
  type CartLineInput,
  type DeliveryPlace,
  type Product,
} from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import { createAccounts, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin } from './support/catalogue.js';

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
const QUANTITY = 2;

interface TypedAddress extends DeliveryPlace {
  specificAddress: string;
  phone: string;
}

const PARKLANDS: TypedAddress = {
  county: 'Nairobi',
  subCounty: 'Westlands',
  location: 'Parklands',
  specificAddress: 'Apartment 4B, 3rd Parklands Avenue',
  phone: '0712 345 678',
};
const KIHARA: TypedAddress = {
  county: 'Kiambu',
  subCounty: 'Kiambaa',
  location: 'Kihara',
  specificAddress: 'Plot 12, Kihara Road',
  phone: '+254 722 000 111',
};
const NYALI: TypedAddress = {
  county: 'Mombasa',
  subCounty: 'Nyali',
  location: 'Nyali',
  specificAddress: 'House 7, Links Road',
  phone: '0110 222 333',
};
const KOMBEWA: TypedAddress = {
  county: 'Kisumu',
  subCounty: 'Seme',
  location: 'Kombewa',
  specificAddress: 'Market Street',
  phone: '0733 444 555',
};
/** Where the edited Parklands address moves: the same sub-county, another fee. */
const KANGEMI: DeliveryPlace = { county: 'Nairobi', subCounty: 'Westlands', location: 'Kangemi' };

function feeOf(place: DeliveryPlace): number {
  const fee = deliveryFeeOf(place);
  if (fee === undefined) throw new Error(`${place.location} is not in the zone table`);
  return fee;
}

describe('addresses and the checkout in the browser', () => {
  const tab = usePageForEachTest();
  let shopper: TestAccount;
  let product: Product;

  beforeAll(async () => {
    [shopper] = await createAccounts('user');
    const session = await signInAsAdmin();
    product = await addProduct(session, {
      title: `Safari jigsaw ${randomBytes(3).toString('hex')}`,
      description: 'A 100-piece jigsaw of the Maasai Mara.',
      category: 'card-board-games',
      price: 2_350,
      salePrice: 1_990,
      totalStock: 12,
    });
  }, JOURNEY_TIMEOUT_MS);

  const addressCards = () => tab.page.getByTestId('address-card');
  const addressCard = (text: string) => addressCards().filter({ hasText: text });
  const fieldOf = (label: string) => tab.page.getByLabel(label, { exact: true });
  const formFee = () => tab.page.getByTestId('address-form-fee');
  // Anchored: 'Total' alone would also name the Subtotal row.
  const amountOf = (label: string) => tab.page.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');

  /** Picks a place in one of the cascading selects by typing its name, as a keyboard user would. */
  async function choose(label: string, name: string) {
    const select = fieldOf(label);
    await select.click();
    await select.fill(name);
    // The open list is the one the combobox controls; a list still fading out belongs to another select.
    const list = await select.getAttribute('aria-controls');
    await tab.page.locator(`#${list} [role="option"][aria-label="${name}"]`).waitFor({ state: 'attached' });
    await select.press('Enter');
    await tab.page
      .locator('.ant-select-content', { has: select })
      .and(tab.page.getByTitle(name, { exact: true }))
      .waitFor();
  }

  async function fillAddress(address: TypedAddress) {
    await choose('County', address.county);
    await choose('Sub-county', address.subCounty);
    await choose('Location', address.location);
    await fieldOf('Specific address').fill(address.specificAddress);
    await fieldOf('Phone').fill(address.phone);
  }

  async function toast(text: string) {
    await tab.page.locator('.ant-message-notice', { hasText: text }).last().waitFor();
  }

  async function submitAddress(address: TypedAddress, cardsAfter: number) {
    await fillAddress(address);
    await tab.page.getByRole('button', { name: MESSAGES.address.add }).click();
    await toast(MESSAGES.address.added);
    await addressCards()
      .nth(cardsAfter - 1)
      .waitFor();
  }

  it(
    'keeps three addresses, refuses a fourth, edits and deletes, and totals the order with the chosen fee',
    async () => {
      await signInAsShopper(tab.page, shopper);
      const addToCart = await tab.page.request.post(SHOPPER_API.addToCart, {
        data: { userId: shopper.user.id, productId: product.id, quantity: QUANTITY } satisfies CartLineInput,
      });
      expect(addToCart.ok()).toBe(true);

      await tab.page.goto(ROUTES.shopCheckout);
      await tab.page.getByText(`${product.title} × ${QUANTITY}`).waitFor();
      await tab.page.getByText(MESSAGES.address.none).waitFor();
      const subtotal = effectivePrice(product) * QUANTITY;
      expect(await amountOf('Subtotal').textContent()).toBe(formatKes(subtotal));
      expect(await amountOf('Delivery fee').textContent()).toBe(MESSAGES.address.selectAddress);
      expect(await tab.page.getByText(MESSAGES.address.selectToContinue).isVisible()).toBe(true);
      expect(await tab.page.getByRole('button', { name: 'Pay with M-Pesa' }).isDisabled()).toBe(true);
      expect(await tab.page.getByRole('button', { name: 'Pay with PayPal' }).isDisabled()).toBe(true);

      // The cascade: nothing below the county until it is chosen; a new county empties what was below it.
      expect(await fieldOf('Sub-county').isDisabled()).toBe(true);
      expect(await fieldOf('Location').isDisabled()).toBe(true);
      await fillAddress(PARKLANDS);
      expect(await formFee().textContent()).toBe(formatKes(feeOf(PARKLANDS)));
      await choose('County', 'Kiambu');
      await tab.page.getByText('Choose a sub-county').waitFor();
      expect(await fieldOf('Location').isDisabled()).toBe(true);
      expect(await formFee().textContent()).toBe('Choose a location');
      expect(await tab.page.getByRole('button', { name: MESSAGES.address.add }).isDisabled()).toBe(true);

      await choose('County', PARKLANDS.county);
      await choose('Sub-county', PARKLANDS.subCounty);
      await choose('Location', PARKLANDS.location);
      await tab.page.getByRole('button', { name: MESSAGES.address.add }).click();
      await toast(MESSAGES.address.added);
      await addressCards().first().waitFor();
      await submitAddress(KIHARA, 2);
      await submitAddress(NYALI, 3);
      expect(await addressCard('Nyali').getByText('0110 222 333').isVisible()).toBe(true);
      expect(
        await addressCard('Kihara')
          .getByText(formatKes(feeOf(KIHARA)))
          .isVisible(),
      ).toBe(true);

      await fillAddress(KOMBEWA);
      await tab.page.getByRole('button', { name: MESSAGES.address.add }).click();
      await toast(MESSAGES.address.maxReached);
      await tab.page.getByText('Choose a county').waitFor();
      expect(await fieldOf('Specific address').inputValue()).toBe('');
      expect(await addressCards().count()).toBe(LIMITS.maxAddressesPerUser);

      await addressCard('Parklands').getByRole('button', { name: /^Edit/ }).click();
      expect(await fieldOf('Specific address').inputValue()).toBe(PARKLANDS.specificAddress);
      await choose('Location', KANGEMI.location);
      expect(await formFee().textContent()).toBe(formatKes(feeOf(KANGEMI)));
      await tab.page.getByRole('button', { name: MESSAGES.address.update }).click();
      await toast(MESSAGES.address.updated);
      await addressCard('Kangemi')
        .getByText(formatKes(feeOf(KANGEMI)))
        .waitFor();
      await tab.page.getByRole('button', { name: MESSAGES.address.add }).waitFor();

      await addressCard('Nyali')
        .getByRole('button', { name: /^Delete/ })
        .click();
      await tab.page
        .getByRole('tooltip')
        .filter({ hasText: MESSAGES.address.deleteConfirm })
        .getByRole('button', { name: 'Delete' })
        .click();
      await toast(MESSAGES.address.deleted);
      await addressCard('Nyali').waitFor({ state: 'detached' });
      expect(await addressCards().count()).toBe(2);

      await addressCard('Kangemi').getByRole('radio').check();
      await tab.page.getByTestId('selected-address').getByText('Kangemi').waitFor();
      const fee = feeOf(KANGEMI);
      expect(await amountOf('Delivery fee').textContent()).toBe(formatKes(fee));
      expect(await amountOf('Total').textContent()).toBe(formatKes(subtotal + fee));
      expect(await tab.page.getByText(MESSAGES.address.selectToContinue).count()).toBe(0);
      expect(await tab.page.getByRole('button', { name: 'Pay with M-Pesa' }).isEnabled()).toBe(true);

      // Another choice, by keyboard: the cards are one radio group.
      await tab.page.keyboard.press('ArrowRight');
      await tab.page.getByTestId('selected-address').getByText('Kihara').waitFor();
      expect(await amountOf('Total').textContent()).toBe(formatKes(subtotal + feeOf(KIHARA)));

      // A reload keeps the choice.
      await tab.page.reload();
      await tab.page.getByTestId('selected-address').getByText('Kihara').waitFor();
      await amountOf('Total')
        .filter({ hasText: formatKes(subtotal + feeOf(KIHARA)) })
        .waitFor();
      expect(await tab.page.getByRole('button', { name: 'Pay with M-Pesa' }).isEnabled()).toBe(true);

      await tab.page.goto(ROUTES.shopAccount);
      await tab.page.getByRole('tab', { name: 'Address' }).click();
      await addressCards().nth(1).waitFor();
      expect(await addressCards().getByRole('radio').count()).toBe(0);

      // On a phone the order and its pay buttons come before the form for another address.
      await tab.page.setViewportSize({ width: 390, height: 844 });
      await tab.page.goto(ROUTES.shopCheckout);
      const payButton = tab.page.getByRole('button', { name: 'Pay with M-Pesa' });
      await payButton.waitFor();
      const addressForm = tab.page.getByText('Add a new address', { exact: true });
      expect((await payButton.boundingBox())!.y).toBeLessThan((await addressForm.boundingBox())!.y);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
