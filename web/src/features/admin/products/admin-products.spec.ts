import { CATALOGUE_API, MESSAGES, type ProductInput } from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { startApiStore } from '../../../testing/api-store';
import { notificationsReducer, type Toast } from '../../notifications/notifications.slice';
import { adminProductsApi } from './admin-products.api';
import { KITE } from './product-fixtures';
import { draftOf, productInputOf } from './product-form';

describe("the admin's products", () => {
  const real = { get: apiClient.get, put: apiClient.put, delete: apiClient.delete };
  let asked: string[];
  let listed = [KITE];

  beforeEach(() => {
    asked = [];
    listed = [KITE];
    apiClient.get = (async (path: string) => {
      asked.push(`GET ${path}`);
      return { success: true, data: listed };
    }) as typeof apiClient.get;
  });
  afterEach(() => Object.assign(apiClient, real));

  /** The admin's screen: the list read and shown, toasts kept. */
  async function startAdmin() {
    const store = startApiStore({ notifications: notificationsReducer });
    const list = store.dispatch(adminProductsApi.endpoints.getAdminProducts.initiate());
    await list;
    asked.length = 0;
    const shown = () => adminProductsApi.endpoints.getAdminProducts.select()(store.getState()).data;
    const toasts = () => store.getState().notifications.pending.map(({ kind, text, detail }: Toast) => ({ kind, text, detail }));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    return { store, shown, toasts, settle, stop: () => list.unsubscribe() };
  }
  /** The kite's sheet as it opened, sent unchanged. */
  const kiteSheet = () => productInputOf(draftOf({ ...KITE, image: { url: '/uploads/originals/kite.png', status: 'ready', srcSet: [] } }))!;

  it('sends the units on hand with the stock version the sheet was read at, and reads the list again as stored', async () => {
    const admin = await startAdmin();
    const sent: [string, unknown][] = [];
    apiClient.put = (async (path: string, body: unknown) => {
      sent.push([path, body]);
      listed = [{ ...KITE, unitsOnHand: 9 }];
      return { success: true, message: MESSAGES.products.updated, data: KITE };
    }) as typeof apiClient.put;

    await admin.store.dispatch(adminProductsApi.endpoints.saveProduct.initiate({ productId: KITE.id, input: kiteSheet() }));
    await admin.settle();

    expect(sent).toEqual([
      [
        CATALOGUE_API.editProduct(KITE.id),
        expect.objectContaining({ totalStock: KITE.unitsOnHand, stockVersion: KITE.stockVersion } satisfies Partial<ProductInput>),
      ],
    ]);
    expect(asked).toEqual([`GET ${CATALOGUE_API.adminProducts}`]);
    expect(admin.shown()?.[0]?.unitsOnHand).toBe(9);
    expect(admin.toasts()).toEqual([{ kind: 'success', text: MESSAGES.products.updated, detail: undefined }]);
    admin.stop();
  });

  it('shows why a stale sheet was refused and reads the list again, so the sheet takes the new count', async () => {
    const admin = await startAdmin();
    const counted = { ...KITE, unitsOnHand: 8, totalStock: 6, stockVersion: KITE.stockVersion + 1 };
    apiClient.put = (async () => {
      listed = [counted];
      throw new ApiError(MESSAGES.stock.staleForm, 'STOCK_FORM_STALE');
    }) as typeof apiClient.put;

    await admin.store.dispatch(adminProductsApi.endpoints.saveProduct.initiate({ productId: KITE.id, input: kiteSheet() }));
    await admin.settle();

    expect(admin.toasts()).toEqual([{ kind: 'error', text: MESSAGES.products.updateFailed, detail: MESSAGES.stock.staleForm }]);
    expect(asked).toEqual([`GET ${CATALOGUE_API.adminProducts}`]);
    expect(admin.shown()).toEqual([counted]);
    admin.stop();
  });

  it('keeps the list as it is when a save is refused for another reason', async () => {
    const admin = await startAdmin();
    apiClient.put = (async () => {
      throw new ApiError(MESSAGES.stock.belowHeld(2), 'STOCK_BELOW_HELD');
    }) as typeof apiClient.put;

    await admin.store.dispatch(adminProductsApi.endpoints.saveProduct.initiate({ productId: KITE.id, input: kiteSheet() }));
    await admin.settle();

    expect(admin.toasts()).toEqual([{ kind: 'error', text: MESSAGES.products.updateFailed, detail: MESSAGES.stock.belowHeld(2) }]);
    expect(asked).toEqual([]);
    admin.stop();
  });

  it('drops a deleted product from the list without reading it again, and keeps one the api refused to delete', async () => {
    listed = [KITE, { ...KITE, id: 42, title: 'Yo-yo' }];
    const admin = await startAdmin();
    apiClient.delete = (async (path: string) => {
      if (path === CATALOGUE_API.deleteProduct(42)) throw new ApiError(MESSAGES.products.invalidId, 'VALIDATION_FAILED');
      return { success: true, message: MESSAGES.products.deleted, data: { id: KITE.id } };
    }) as typeof apiClient.delete;

    await admin.store.dispatch(adminProductsApi.endpoints.deleteProduct.initiate(KITE.id));
    await admin.store.dispatch(adminProductsApi.endpoints.deleteProduct.initiate(42));

    expect(admin.shown()?.map(({ id }) => id)).toEqual([42]);
    expect(asked).toEqual([]);
    expect(admin.toasts()).toEqual([
      { kind: 'success', text: MESSAGES.products.deleted, detail: undefined },
      { kind: 'error', text: MESSAGES.products.deleteFailed, detail: MESSAGES.products.invalidId },
    ]);
    admin.stop();
  });
});
