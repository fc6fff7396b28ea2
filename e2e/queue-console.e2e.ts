import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { MESSAGES, ROUTES } from '@shop/contracts';
import { createDataSource, ImageAsset, recordEvent } from '@shop/db';
import { testConfig, waitFor, type TestAccount } from '@shop/testing';
import { createAccounts, signInAsAdminInBrowser } from './support/accounts.js';
import { BROWSER_TIMEOUT_MS, usePageForEachTest } from './support/browser.js';
import { signInAsAdmin, uploadImage } from './support/catalogue.js';

const JOURNEY_TIMEOUT_MS = BROWSER_TIMEOUT_MS * 4;
/** Outbox relay → images queue → worker, then the next `queues:stats` push (every ~2 s). */
const PIPELINE_TIMEOUT_MS = 30_000;

describe('the queue console in the browser', () => {
  const tab = usePageForEachTest();
  let admin: TestAccount;
  let dataSource: DataSource;

  beforeAll(async () => {
    [admin] = await createAccounts('admin');
    dataSource = await createDataSource(testConfig()).initialize();
  }, BROWSER_TIMEOUT_MS);

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const images = () => dataSource.getRepository(ImageAsset);

  /** An uploaded original, once the worker has made its sizes: its file is in the shop's storage. */
  async function storedOriginal(): Promise<ImageAsset> {
    const url = await uploadImage(await signInAsAdmin(admin));
    return waitFor(
      'the upload to be processed',
      async () => {
        const asset = await images().findOneBy({ url });
        return asset?.status === 'ready' && asset;
      },
      PIPELINE_TIMEOUT_MS,
    );
  }

  /** An image whose original is not in storage: its resize job fails for good at the first try. */
  async function imageWithoutOriginal(): Promise<ImageAsset> {
    const name = `originals/gone-${randomBytes(8).toString('hex')}.png`;
    const asset = await images().save({
      storageKey: name,
      url: `/uploads/${name}`,
      contentType: 'image/png',
      bytes: 1024,
      status: 'pending',
      derivatives: [],
      failureReason: null,
    });
    await dataSource.transaction((manager) => recordEvent(manager, 'image.resize', { imageId: asset.id }));
    return asset;
  }

  const failedJobRow = (imageId: number): Locator =>
    tab.page.getByRole('row').filter({ hasText: new RegExp(`imageId: ${imageId}(?!\\d)`) });

  it(
    'shows a failed image job, and Retry makes it complete once the original is back',
    async () => {
      const original = await storedOriginal();
      const broken = await imageWithoutOriginal();

      await signInAsAdminInBrowser(tab.page, admin);
      await tab.page.goto(ROUTES.adminQueues);
      await tab.page.getByRole('heading', { name: 'Queues' }).waitFor();
      await tab.page.getByRole('region', { name: 'Images queue' }).waitFor();
      await tab.page.getByRole('tab', { name: /Images/ }).click();

      // No reload: the failed count moves in a push, and the list follows.
      const row = failedJobRow(broken.id);
      await row.waitFor({ timeout: PIPELINE_TIMEOUT_MS });
      expect(await row.getByText('image.resize').isVisible()).toBe(true);
      await row.getByRole('button', { name: /expand row/i }).click();
      const stack = tab.page.getByLabel('Stack trace');
      await stack.filter({ hasText: `image ${broken.id} cannot be used` }).waitFor();
      expect(await tab.page.getByText(`the original ${broken.storageKey} is missing from storage`).first().isVisible()).toBe(true);

      // The original comes back: the image now names a file that is in storage (the upload's, whose row it takes over).
      await dataSource.transaction(async (manager) => {
        await manager.delete(ImageAsset, { id: original.id });
        await manager.update(ImageAsset, { id: broken.id }, { storageKey: original.storageKey });
      });
      await row.getByRole('button', { name: /^Retry job/ }).click();
      await tab.page.locator('.ant-message-notice', { hasText: MESSAGES.operations.jobRetried }).waitFor();
      await row.waitFor({ state: 'detached' });

      const mended = await waitFor(
        'the retried job to make the sizes',
        async () => {
          const asset = await images().findOneByOrFail({ id: broken.id });
          return asset.status === 'ready' && asset;
        },
        PIPELINE_TIMEOUT_MS,
      );
      expect(mended.derivatives).toHaveLength(6);
      expect(mended.failureReason).toBeNull();
      // It stays out of the failed set: the next pushes do not bring it back.
      await tab.page.waitForTimeout(2500);
      expect(await failedJobRow(broken.id).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
