import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shop/contracts';
import { runSaga, stdChannel } from 'redux-saga';
import { toastRequested } from '../../notifications/notifications.slice';
import { adminProductsSaga } from './adminProducts.saga';
import {
  adminProductsFailed,
  adminProductsLoaded,
  adminProductsReducer,
  productDeleted,
  productDeleteFailed,
  productDeleteRequested,
  productSaved,
  productSaveRequested,
  productSheetOpened,
} from './adminProducts.slice';
import { KITE } from './product-fixtures';

const initial = adminProductsReducer(undefined, { type: 'init' });

describe("the admin's product list", () => {
  it('shows skeletons until the first answer, not the empty state', () => {
    expect(initial.hasLoaded).toBe(false);
    expect(adminProductsReducer(initial, adminProductsLoaded([])).hasLoaded).toBe(true);
  });

  it('is emptied by a failed fetch, keeping the reason', () => {
    const loaded = adminProductsReducer(initial, adminProductsLoaded([KITE]));
    expect(adminProductsReducer(loaded, adminProductsFailed(MESSAGES.products.fetchFailed))).toMatchObject({ items: [], error: MESSAGES.products.fetchFailed });
  });

  it('closes the sheet once a save succeeded, remembering which product it showed', () => {
    let state = adminProductsReducer(initial, productSheetOpened(KITE.id));
    state = adminProductsReducer(state, productSaveRequested({ productId: KITE.id, input: { title: KITE.title, category: KITE.category, price: KITE.price, totalStock: KITE.totalStock } }));
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
  it("answers a delete without a product id with 'Invalid product ID', asking the server nothing", () => {
    const dispatched: UnknownAction[] = [];
    const channel = stdChannel<UnknownAction>();
    const task = runSaga({ channel, dispatch: (action: UnknownAction) => dispatched.push(action) }, adminProductsSaga);
    channel.put(productDeleteRequested(Number.NaN));
    expect(dispatched).toEqual([productDeleteFailed(Number.NaN), toastRequested('error', MESSAGES.products.invalidId)]);
    task.cancel();
  });
});
