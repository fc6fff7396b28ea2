import type { Locator, Page } from 'playwright-core';
import {
  ROUTES,
  SHOPPER_API,
  SOCKET_PATH,
  type Address,
  type AddressInput,
  type ApiSuccess,
  type CartLineInput,
  type Product,
} from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import { newPhone, type TestAccount } from '@shop/testing';
import { chooseFromPopup, SHOP_URL } from './browser.js';

/** Where the journeys deliver: Parklands. The phone is each shopper's own (prepareCheckout). */
export const PARKLANDS_ADDRESS: Omit<AddressInput, 'userId' | 'phone'> = {
  county: 'Nairobi',
  subCounty: 'Westlands',
  location: 'Parklands',
  specificAddress: 'Apartment 4B, 3rd Parklands Avenue',
  notes: 'Gate B, call on arrival',
};

/**
 * The signed-in shopper's cart and one saved address in Parklands, made through the api with the
 * page's own session: the journeys are about paying, not about filling the cart. The address's phone,
 * as typed, is `phone` (a sandbox test number) or a number of the shopper's own: the shop pushes only
 * to a phone of the shopper's addresses, and the M-Pesa input is prefilled with it.
 */
export async function prepareCheckout(
  page: Page,
  shopper: TestAccount,
  product: Product,
  quantity: number,
  phone = formatKenyanMobile(newPhone()),
): Promise<Address> {
  const cart = await page.request.post(SHOPPER_API.addToCart, {
    data: { userId: shopper.user.id, productId: product.id, quantity } satisfies CartLineInput,
  });
  if (!cart.ok()) throw new Error(`add to cart answered ${cart.status()}`);
  const saved = await page.request.post(SHOPPER_API.addAddress, {
    data: { ...PARKLANDS_ADDRESS, phone, userId: shopper.user.id } satisfies AddressInput,
  });
  if (!saved.ok()) throw new Error(`add address answered ${saved.status()}`);
  return ((await saved.json()) as ApiSuccess<Address>).data;
}

/** Opens the checkout and chooses the (only) saved address as the delivery address. */
export async function openCheckoutWithAddress(page: Page): Promise<void> {
  await page.goto(ROUTES.shopCheckout);
  await page.getByTestId('address-card').first().getByRole('radio').check();
  await page.getByTestId('selected-address').waitFor();
}

export function payButton(page: Page, method: 'M-Pesa' | 'PayPal'): Locator {
  return page.getByRole('button', { name: `Pay with ${method}` });
}

export function mpesaPhoneInput(page: Page): Locator {
  return page.getByLabel('M-Pesa phone number');
}

/** M-Pesa's two clicks (docs/product.md, Payments): the first reveals the phone input, the second sends the push to the number typed (a phone of the shopper's addresses). */
export async function payByMpesa(page: Page, phone: string): Promise<void> {
  await payButton(page, 'M-Pesa').click();
  await mpesaPhoneInput(page).fill(phone);
  await payButton(page, 'M-Pesa').click();
}

/** A row of the orders table on show, by the order's id. */
export function orderRow(page: Page, orderId: number): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${orderId}`, exact: true }) });
}

/** The id of the order in the table's first row (the newest). */
export async function newestOrderId(page: Page): Promise<number> {
  const cell = page.locator('.ant-table-tbody tr.ant-table-row').first().getByRole('cell').first();
  return Number((await cell.textContent())?.replace('#', ''));
}

/**
 * Waits until PayPal has sent the payer back to the shop's return page. PayPal returns to the
 * shop's PUBLIC_URL; when the browser tests drive another origin (a developer's Vite beside the
 * shared stack) the return is opened again on the tested origin, where the session storage holding
 * the order id lives. Under `npm test` both are the same and nothing moves.
 */
export async function arriveBackFromPaypal(page: Page): Promise<void> {
  await page.waitForURL(`**${ROUTES.shopPaypalReturn}**`);
  const landed = new URL(page.url());
  const shop = new URL(SHOP_URL);
  if (landed.origin !== shop.origin) await page.goto(new URL(`${landed.pathname}${landed.search}`, shop).toString());
}

/** Opens an antd select and picks one of its options by its label. */
export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await chooseFromPopup(page, select, page.locator(`.ant-select-item-option[title="${label}"]`));
}

/**
 * Resolves once the page's Socket.IO connection is accepted (the server's CONNECT packet, `40…`).
 * Set it up before the page signs in or navigates: live screens only hear events sent after this.
 */
export function whenSocketConnects(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      // Vite's own websocket (hot reload) shares the origin; the shop's is on the socket.io path.
      if (!new URL(socket.url()).pathname.startsWith(SOCKET_PATH)) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

/** The admin's 'New order' notification naming the shopper. */
export function newOrderNotification(page: Page, userName: string): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: 'New order' }).filter({ hasText: userName });
}

/** Marks the page so that a test can tell it was not reloaded since (a reload forgets the mark). */
export async function markPage(page: Page): Promise<() => Promise<boolean>> {
  // Written as page code in a string: the test's own TypeScript knows no DOM.
  await page.evaluate('window.notReloaded = true');
  return () => page.evaluate<boolean>("'notReloaded' in window");
}
