import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { CATALOGUE_API, formatKes, LIMITS, MESSAGES, ROUTES, type Product } from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import { createAccounts, signInAsShopper } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, SHOP_URL, usePageForEachTest } from './support/browser.js';
import { addProduct, signInAsAdmin, type ApiSession } from './support/catalogue.js';
import { cartLine, closeSheet, openCart, openWishlist, productCard, toastShows } from './support/shopper.js';

const word = `twiga${randomBytes(3).toString('hex')}`;
const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 3;
const CATEGORY = 'home-decor';
/** The dearest of their category, so that both are on the first page of the listing sorted from high to low. */
const LISTING = `${ROUTES.shopListing}?category=${CATEGORY}&sortBy=price-hightolow`;

describe('cart and wishlist in the browser', () => {
  const tab = usePageForEachTest();
  let shopper: TestAccount;
  let session: ApiSession;
  /** Only two pieces in stock: the cart's plus stops at 2. */
  let lamp: Product;
  /** On sale: the cart prices it at its sale price. */
  let dollhouse: Product;

  beforeAll(async () => {
    [shopper] = await createAccounts('user');
    session = await signInAsAdmin();
    const description = 'Hand-made in Nairobi for a child’s room.';
    lamp = await addProduct(session, { title: `${word} Giraffe Lamp`, description, category: CATEGORY, price: 68_000, totalStock: 2 });
    dollhouse = await addProduct(session, {
      title: `${word} Dollhouse`,
      description,
      category: CATEGORY,
      price: 64_000,
      salePrice: 59_500,
      totalStock: 12,
    });
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    // The products leave the catalogue, so that later runs' products are the dearest of the category.
    for (const product of [lamp, dollhouse]) {
      if (product)
        await fetch(new URL(CATALOGUE_API.deleteProduct(product.id), SHOP_URL), { method: 'DELETE', headers: { Cookie: session.cookie } });
    }
  });

  async function openDialogOf(product: Product): Promise<Locator> {
    await productCard(tab.page, product.title).getByRole('button', { name: product.title, exact: true }).click();
    const dialog = tab.page.getByRole('dialog', { name: product.title });
    await dialog.getByRole('heading', { name: product.title }).waitFor();
    return dialog;
  }

  const quantityOf = (sheet: Locator, product: Product) =>
    cartLine(sheet, product.title).getByRole('group', { name: `Quantity of ${product.title}` });

  it(
    'adds from a card and from the dialog, stops the plus at the stock, and empties the cart',
    async () => {
      const cartUpdates: string[] = [];
      tab.page.on('request', (request) => {
        if (request.url().includes('/api/shop/cart/update-cart')) cartUpdates.push(request.method());
      });
      await signInAsShopper(tab.page, shopper);
      await tab.page.goto(LISTING);

      await productCard(tab.page, lamp.title).getByRole('button', { name: 'Add to Cart' }).click();
      await toastShows(tab.page, MESSAGES.cart.productAdded);
      // F8 takes the keyboard to the toast; a sideways swipe on a touch screen dismisses it.
      const toast = tab.page.getByText(MESSAGES.cart.productAdded, { exact: true }).last();
      await tab.page.keyboard.press(LIMITS.toastFocusKey);
      expect(await toast.evaluate((element) => element.matches(':focus'))).toBe(true);
      await toast.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, clientX: 100 });
      await toast.dispatchEvent('pointermove', { pointerType: 'touch', isPrimary: true, clientX: 100 - LIMITS.toastSwipeDismissPx });
      await toast.waitFor({ state: 'detached' });
      const dialog = await openDialogOf(dollhouse);
      await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await tab.page.getByRole('button', { name: 'Cart', exact: true }).locator('xpath=..').getByText('2', { exact: true }).waitFor();
      await closeSheet(tab.page, dialog);

      const sheet = await openCart(tab.page);
      expect(await sheet.getByRole('listitem').count()).toBe(2);
      await cartLine(sheet, dollhouse.title).getByText(formatKes(59_500)).waitFor();
      await sheet.getByText(formatKes(68_000 + 59_500)).waitFor();

      const lampQuantity = quantityOf(sheet, lamp);
      expect(await lampQuantity.getByRole('button', { name: `Decrease quantity of ${lamp.title}` }).isDisabled()).toBe(true);
      await lampQuantity.getByRole('button', { name: `Increase quantity of ${lamp.title}` }).click();
      await lampQuantity.getByText('2', { exact: true }).waitFor();
      await toastShows(tab.page, MESSAGES.cart.itemUpdated);
      await cartLine(sheet, lamp.title)
        .getByText(formatKes(2 * 68_000))
        .waitFor();
      await lampQuantity.getByRole('button', { name: `Increase quantity of ${lamp.title}` }).click();
      await toastShows(tab.page, 'Only 2 quantity can be added for this item');
      expect(cartUpdates).toHaveLength(1);
      await lampQuantity.getByText('2', { exact: true }).waitFor();

      await lampQuantity.getByRole('button', { name: `Decrease quantity of ${lamp.title}` }).click();
      await lampQuantity.getByText('1', { exact: true }).waitFor();
      expect(cartUpdates).toHaveLength(2);

      await sheet.getByRole('button', { name: `Remove ${lamp.title} from cart` }).click();
      await toastShows(tab.page, MESSAGES.cart.itemDeleted);
      await cartLine(sheet, lamp.title).waitFor({ state: 'detached' });
      await sheet.getByRole('button', { name: `Remove ${dollhouse.title} from cart` }).click();
      await sheet.getByText('Your cart is empty').waitFor();
      expect(await sheet.getByRole('button', { name: MESSAGES.cart.checkout }).isDisabled()).toBe(true);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'keeps the hearts of a card and of the dialog through a reload, and removes from the sheet',
    async () => {
      await signInAsShopper(tab.page, shopper);
      await tab.page.goto(LISTING);

      const lampHeart = productCard(tab.page, lamp.title).getByRole('button', { name: 'Add to wishlist' });
      await lampHeart.click();
      await toastShows(tab.page, MESSAGES.wishlist.added);
      const lampHeartOn = productCard(tab.page, lamp.title).getByRole('button', { name: 'Remove from wishlist' });
      expect(await lampHeartOn.getAttribute('aria-pressed')).toBe('true');

      const dialog = await openDialogOf(dollhouse);
      await dialog.getByRole('button', { name: 'Add to wishlist' }).click();
      await dialog.getByRole('button', { name: 'Remove from wishlist' }).waitFor();
      await closeSheet(tab.page, dialog);

      await tab.page.reload();
      await productCard(tab.page, lamp.title).getByRole('button', { name: 'Remove from wishlist' }).waitFor();
      await productCard(tab.page, dollhouse.title).getByRole('button', { name: 'Remove from wishlist' }).waitFor();
      const sheet = await openWishlist(tab.page);
      await sheet
        .getByRole('link', { name: new RegExp(lamp.title) })
        .getByText(formatKes(68_000))
        .waitFor();
      await sheet
        .getByRole('link', { name: new RegExp(dollhouse.title) })
        .getByText(formatKes(59_500))
        .waitFor();

      await sheet.getByRole('button', { name: `Remove ${lamp.title} from wishlist` }).click();
      await toastShows(tab.page, MESSAGES.wishlist.removed);
      await sheet.getByRole('link', { name: new RegExp(lamp.title) }).waitFor({ state: 'detached' });
      await productCard(tab.page, lamp.title).getByRole('button', { name: 'Add to wishlist' }).waitFor();

      await sheet.getByRole('link', { name: new RegExp(dollhouse.title) }).click();
      await tab.page.waitForURL(`**${ROUTES.shopProduct(dollhouse.id)}`);
      await sheet.waitFor({ state: 'hidden' });
      await tab.page.getByRole('main').getByRole('heading', { name: dollhouse.title }).waitFor();
      await tab.page.getByRole('main').getByRole('button', { name: 'Remove from wishlist' }).click();
      await tab.page.getByRole('main').getByRole('button', { name: 'Add to wishlist' }).waitFor();
      await toastShows(tab.page, MESSAGES.wishlist.removed);
      const emptied = await openWishlist(tab.page);
      await emptied.getByText('No items in wishlist.').waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
