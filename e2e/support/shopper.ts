import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@shop/contracts';

/** The card of a product in the grid on show. */
export function productCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

async function openSheet(page: Page, button: 'Cart' | 'Wishlist', title: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: title });
  await sheet.waitFor();
  return sheet;
}

/** Opens the header's cart sheet 'Your Cart' and returns it. */
export function openCart(page: Page): Promise<Locator> {
  return openSheet(page, 'Cart', MESSAGES.cart.title);
}

/** Opens the header's wishlist sheet 'My Wishlist' and returns it. */
export function openWishlist(page: Page): Promise<Locator> {
  return openSheet(page, 'Wishlist', MESSAGES.wishlist.title);
}

/** A line of the open cart sheet, by the product's title. */
export function cartLine(sheet: Locator, title: string): Locator {
  return sheet.getByRole('listitem').filter({ hasText: title });
}

/** Closes whichever sheet or dialog is open, as a keyboard user would. */
export async function closeSheet(page: Page, sheet: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden' });
}

/**
 * Waits for a toast. The one it replaces may still be fading out with the same text, so the newest
 * is the one looked for; the state the toast reports is worth checking beside it.
 */
export async function toastShows(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).last().waitFor();
}
