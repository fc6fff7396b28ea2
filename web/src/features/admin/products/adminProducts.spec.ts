import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { CATALOGUE_API, MESSAGES, type ProductInput } from '@shop/contracts';
import { apiClient, ApiError } from '../../../lib/api-client';
import { toastRequested } from '../../notifications/notifications.slice';
import { adminProductsSaga } from './adminProducts.saga';
import {
  adminProductsFailed,
  adminProductsLoaded,
  adminProductsReducer,
  adminProductsRequested,
  productDeleted,
  productDeleteFailed,
  productDeleteRequested,
  productSaved,
  productSaveFailed,
  productSaveRequested,
  productSheetOpened,
} from './adminProducts.slice';
import { KITE } from './product-fixtures';
import { draftOf, productInputOf } from './product-form';

const initial = adminProductsReducer(undefined, { type: 'init' });

describe("the admin's product list", () => {
  it('shows skeletons until the first answer, not the empty state', () => {
    expect(initial.hasLoaded).toBe(false);
    expect(adminProductsReducer(initial, adminProductsLoaded([])).hasLoaded).toBe(true);
  });

  it('is emptied by a failed fetch, keeping the reason', () => {
    const loaded = adminProductsReducer(initial, adminProductsLoaded([KITE]));
    expect(adminProductsReducer(loaded, adminProductsFailed(MESSAGES.products.fetchFailed))).toMatchObject({
      items: [],
      error: MESSAGES.products.fetchFailed,
    });
  });

  it('closes the sheet once a save succeeded, remembering which product it showed', () => {
    let state = adminProductsReducer(initial, productSheetOpened(KITE.id));
    state = adminProductsReducer(
      state,
      productSaveRequested({
        productId: KITE.id,
        input: {
          title: KITE.title,
          category: KITE.category,
          price: KITE.price,
          totalStock: KITE.unitsOnHand,
          stockVersion: KITE.stockVersion,
        },
      }),
    );
    expect(state.isSaving).toBe(true);
    state = adminProductsReducer(state, productSaved());
    expect(state).toMatchObject({ isSaving: false, sheet: { open: false, productId: KITE.id } });
  });

  it('drops a deleted product and forgets it was being deleted', () => {
    let state = adminProductsReducer(initial, adminProductsLoaded([KITE]));
    state = adminProductsReducer(state, productDeleteRequested(KITE.id));
    expect(state.deletingIds).toEqual([KITE.id]);
    state = adminProductsReducer(state, productDeleted(KITE.id));
    expect(state).toMatchObject({ items: [], deletingIds: [] });
  });
});

describe("the admin's product saga", () => {
  const real = { get: apiClient.get, put: apiClient.put };
  afterEach(() => Object.assign(apiClient, real));

  /** The saga on its own, every action it puts seen by it too (as the store would), and recorded. */
  function startSaga() {
    const dispatched: UnknownAction[] = [];
    const channel = stdChannel<UnknownAction>();
    const task = runSaga(
      {
        channel,
        dispatch: (action: UnknownAction) => {
          dispatched.push(action);
          channel.put(action);
        },
      },
      adminProductsSaga,
    );
    return { dispatched, channel, stop: () => task.cancel() };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** The kite's sheet as it opened, sent unchanged. */
  const kiteSheet = () => productInputOf(draftOf({ ...KITE, image: { url: '/uploads/originals/kite.png', status: 'ready', srcSet: [] } }))!;

  it('sends the units on hand with the stock version the sheet was read at', async () => {
    const sent: [string, unknown][] = [];
    apiClient.put = (async (path: string, body: unknown) => {
      sent.push([path, body]);
      return { success: true, message: MESSAGES.products.updated, data: KITE };
    }) as typeof apiClient.put;
    apiClient.get = (async () => ({ success: true, data: [KITE] })) as typeof apiClient.get;
    const saga = startSaga();
    saga.channel.put(productSaveRequested({ productId: KITE.id, input: kiteSheet() }));
    await settle();
    expect(sent).toEqual([
      [
        CATALOGUE_API.editProduct(KITE.id),
        expect.objectContaining({ totalStock: KITE.unitsOnHand, stockVersion: KITE.stockVersion } satisfies Partial<ProductInput>),
      ],
    ]);
    expect(saga.dispatched).toContainEqual(productSaved());
    saga.stop();
  });

  it('shows why a stale sheet was refused and fetches the list again, so the sheet takes the new count', async () => {
    const counted = { ...KITE, unitsOnHand: 8, totalStock: 6, stockVersion: KITE.stockVersion + 1 };
    apiClient.put = (async () => {
      throw new ApiError(MESSAGES.stock.staleForm, 'STOCK_FORM_STALE');
    }) as typeof apiClient.put;
    apiClient.get = (async () => ({ success: true, data: [counted] })) as typeof apiClient.get;
    const saga = startSaga();
    saga.channel.put(productSaveRequested({ productId: KITE.id, input: kiteSheet() }));
    await settle();
    expect(saga.dispatched).toEqual([
      productSaveFailed(),
      toastRequested('error', MESSAGES.products.updateFailed, MESSAGES.stock.staleForm),
      adminProductsRequested(),
      adminProductsLoaded([counted]),
    ]);
    saga.stop();
  });

  it('keeps the list as it is when a save is refused for another reason', async () => {
    apiClient.put = (async () => {
      throw new ApiError(MESSAGES.stock.belowHeld(2), 'STOCK_BELOW_HELD');
    }) as typeof apiClient.put;
    const saga = startSaga();
    saga.channel.put(productSaveRequested({ productId: KITE.id, input: kiteSheet() }));
    await settle();
    expect(saga.dispatched).toEqual([
      productSaveFailed(),
      toastRequested('error', MESSAGES.products.updateFailed, MESSAGES.stock.belowHeld(2)),
    ]);
    saga.stop();
  });

  it("answers a delete without a product id with 'Invalid product ID', asking the server nothing", () => {
    const dispatched: UnknownAction[] = [];
    const channel = stdChannel<UnknownAction>();
    const task = runSaga({ channel, dispatch: (action: UnknownAction) => dispatched.push(action) }, adminProductsSaga);
    channel.put(productDeleteRequested(Number.NaN));
    expect(dispatched).toEqual([productDeleteFailed(Number.NaN), toastRequested('error', MESSAGES.products.invalidId)]);
    task.cancel();
  });
});
