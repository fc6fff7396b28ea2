import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { formatKes, MESSAGES, ROUTES } from '@shop/contracts';
import type { TestAccount } from '@shop/testing';
import { createAccounts, signInAsAdminInBrowser } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, usePageForEachTest } from './support/browser.js';

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
/** The image worker makes three sizes in two formats; on a busy machine that takes a while. */
const IMAGE_PROCESSING_TIMEOUT_MS = 45_000;

interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function pictureOf(color: string, format: 'png' | 'jpeg'): Promise<Buffer> {
  const canvas = sharp({ create: { width: 320, height: 240, channels: 3, background: color } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
}

describe("the admin's products in the browser", () => {
  const tab = usePageForEachTest();
  let admin: TestAccount;
  let mainImage: ChosenFile;
  let redImage: ChosenFile;
  let blueImage: ChosenFile;

  beforeAll(async () => {
    [admin] = await createAccounts('admin');
    mainImage = { name: 'train.png', mimeType: 'image/png', buffer: await pictureOf('#e8590c', 'png') };
    redImage = { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await pictureOf('#e03131', 'jpeg') };
    blueImage = { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await pictureOf('#1971c2', 'jpeg') };
  }, BROWSER_TIMEOUT_MS);

  beforeEach(async () => {
    await signInAsAdminInBrowser(tab.page, admin);
    await tab.page.getByRole('menuitem', { name: 'Products' }).click();
    await tab.page.waitForURL(`**${ROUTES.adminProducts}`);
  }, BROWSER_TIMEOUT_MS);

  async function openAddSheet(): Promise<Locator> {
    await tab.page.getByRole('button', { name: 'Add New Product' }).click();
    const sheet = tab.page.getByRole('dialog', { name: 'Add New Product' });
    await sheet.waitFor();
    return sheet;
  }

  const fileInputOf = (sheet: Locator, field: string) => sheet.getByRole('region', { name: field }).locator('input[type=file]');

  async function addVariation(sheet: Locator, label: string, image: ChosenFile) {
    await sheet.getByLabel('Variation label').fill(label);
    await fileInputOf(sheet, 'Variation image').setInputFiles(image);
    await sheet.getByRole('region', { name: 'Variation image' }).getByRole('img', { name: 'Variation image' }).waitFor();
    await sheet.getByRole('button', { name: 'Add Variation' }).click();
    await sheet.getByRole('list', { name: 'Variations' }).getByText(label, { exact: true }).waitFor();
  }

  /**
   * Picks a category and waits until the select shows it. On a busy machine the list can close
   * again while it opens (the sheet re-renders as an upload ends), so a lost pick is tried again.
   */
  async function chooseCategory(sheet: Locator, label: string) {
    // The list opens outside the sheet: inside it, only the chosen value carries the title.
    const chosen = sheet.locator(`[title="${label}"]`);
    for (let attempt = 0; attempt < 5 && (await chosen.count()) === 0; attempt += 1) {
      await sheet.getByLabel('Category').click();
      await tab.page
        .getByTitle(label, { exact: true })
        .click({ timeout: 3000 })
        .catch(() => undefined);
      await chosen.waitFor({ timeout: 2000 }).catch(() => undefined);
    }
    await chosen.waitFor();
  }

  it(
    'adds a product with a main image and two variations, puts it on sale, and deletes it',
    async () => {
      const title = `Safari train ${randomBytes(3).toString('hex')}`;
      const sheet = await openAddSheet();
      const submit = sheet.getByRole('button', { name: 'Add Product' });
      expect(await submit.isDisabled()).toBe(true);

      await fileInputOf(sheet, 'Main image').setInputFiles(mainImage);
      await sheet.getByRole('region', { name: 'Main image' }).getByRole('img', { name: 'Main image' }).waitFor();
      await sheet.getByLabel('Title').fill(title);
      await sheet.getByLabel('Description').fill('Ten wooden animals on a pull-along train.');
      await chooseCategory(sheet, 'Educational Toys');
      await sheet.getByLabel('Price', { exact: true }).fill('1500');
      await sheet.getByLabel(MESSAGES.adminCatalogue.unitsOnHandLabel).fill('12');

      // A label that differs only by case and spaces is the same variation.
      await addVariation(sheet, 'Red', redImage);
      await sheet.getByLabel('Variation label').fill('  RED ');
      await sheet.getByRole('button', { name: 'Add Variation' }).click();
      await sheet.getByText(MESSAGES.variation.labelDuplicate).waitFor();
      await addVariation(sheet, 'Blue', blueImage);

      // The requirements follow the uploads, which finish in their own time on a busy machine.
      await sheet.getByLabel('not met').first().waitFor({ state: 'detached' });
      expect(await sheet.getByLabel('not met').count()).toBe(0);
      await submit.click();
      await tab.page.getByText(MESSAGES.products.added).waitFor();
      await sheet.waitFor({ state: 'hidden' });

      const card = tab.page.getByRole('article', { name: title });
      await card.waitFor();
      await card.getByText('Red', { exact: true }).waitFor();
      await card.getByText('Blue', { exact: true }).waitFor();
      await card.getByText(formatKes(1500)).waitFor();
      // The socket says when the image worker is done; until then the card says 'processing'.
      await card
        .getByRole('status', { name: MESSAGES.products.imageProcessing })
        .waitFor({ state: 'detached', timeout: IMAGE_PROCESSING_TIMEOUT_MS });
      expect(await card.getByRole('alert').count()).toBe(0);
      expect(await card.getByText(MESSAGES.catalogue.sale, { exact: true }).count()).toBe(0);

      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const editSheet = tab.page.getByRole('dialog', { name: /Edit Product/ });
      await editSheet.waitFor();
      expect(await editSheet.getByLabel('Title').inputValue()).toBe(title);
      await editSheet.getByLabel('Price', { exact: true }).fill('2000');
      await editSheet.getByLabel('Sale Price').fill('1600');
      await editSheet.getByRole('button', { name: 'Update Product' }).click();
      await tab.page.getByText(MESSAGES.products.updated).waitFor();
      await editSheet.waitFor({ state: 'hidden' });

      await card.getByText(MESSAGES.catalogue.sale, { exact: true }).waitFor();
      await card.getByText(formatKes(1600)).waitFor();
      await card.getByText(formatKes(2000)).waitFor();

      await card.getByRole('button', { name: `Delete ${title}` }).click();
      const confirmation = tab.page.getByRole('dialog', { name: MESSAGES.adminCatalogue.deleteProductConfirm });
      await confirmation.getByRole('button', { name: 'Delete' }).click();
      await tab.page.getByText(MESSAGES.products.deleted).waitFor();
      await card.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'refuses a text file named like a JPEG with the catalogue message',
    async () => {
      const sheet = await openAddSheet();
      await fileInputOf(sheet, 'Main image').setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('not a picture, just words'),
      });
      await sheet
        .getByRole('region', { name: 'Main image' })
        .getByRole('alert')
        .getByText(MESSAGES.variation.imageTypeNotAllowed)
        .waitFor();
      expect(await sheet.getByRole('region', { name: 'Main image' }).getByRole('img', { name: 'Main image' }).count()).toBe(0);
    },
    BROWSER_TIMEOUT_MS,
  );
});
