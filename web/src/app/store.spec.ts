import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { take } from 'redux-saga/effects';
import { addressSelected } from '../features/addresses/addresses.slice';
import { chosenAddressOf } from '../features/addresses/chosen-address';
import { adminFeature } from '../features/admin/admin.feature';
import { authChecked } from '../features/auth/auth.slice';
import { shopper } from '../features/cart/cart-fixtures';
import { orderingFeature } from '../features/orders/ordering.feature';
import { memoryStorage } from '../testing/memory-storage';
import { shopApi } from './shop.api';
import { makeStore, type LazyFeature } from './store';

const probe = createAction('test/probe');

/** No first-download sagas: a signed-in store would otherwise open a socket. */
function* noSagas(): SagaIterator {}

/** A feature whose saga counts how many copies of it run, by how many answer one probe. */
function countingFeature(): LazyFeature & { answers: number } {
  const feature = {
    name: 'counting',
    reducers: {},
    answers: 0,
    *saga(): SagaIterator {
      yield take(probe.type);
      feature.answers += 1;
    },
  };
  return feature;
}

describe('features that come with their screens', () => {
  // Node has no tab storage, which the sagas take as they start: a map stands in for it.
  beforeAll(() => {
    Object.assign(globalThis, { sessionStorage: memoryStorage() });
  });
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('holds no checkout or admin state until a screen loads its feature', () => {
    const store = makeStore({ firstLoadSaga: noSagas });
    const state = store.getState() as unknown as Record<string, unknown>;
    for (const slice of ['addresses', 'checkout', 'payments', 'adminOrders']) expect(state[slice]).toBeUndefined();
    expect(state.cart).toBeDefined();
  });

  it("holds none of the account's endpoints until a screen that uses them loads", async () => {
    makeStore({ firstLoadSaga: noSagas });
    expect(Object.keys(shopApi.endpoints)).not.toContain('getProfile');
    await import('../features/account/account.api');
    expect(Object.keys(shopApi.endpoints)).toContain('getProfile');
  });

  it("fills a loaded feature's initial state at once, before any screen of it renders", () => {
    const store = makeStore({ firstLoadSaga: noSagas });
    store.loadFeature(orderingFeature);
    const state = store.getState();
    expect(state.checkout).toBeDefined();
    expect(state.addresses).toBeDefined();
    expect(state.payments).toBeDefined();
    expect(state.adminOrders as unknown).toBeUndefined();
  });

  it("loads the admin's state without the shopper's checkout and payments", () => {
    const store = makeStore({ firstLoadSaga: noSagas });
    store.loadFeature(adminFeature);
    const state = store.getState();
    expect(state.adminOrders).toBeDefined();
    expect(state.payments as unknown).toBeUndefined();
    expect(state.checkout as unknown).toBeUndefined();
  });

  it('follows the shopper already signed in when its screen loads after the session check', () => {
    const store = makeStore({ firstLoadSaga: noSagas });
    store.dispatch(authChecked(shopper));
    store.loadFeature(orderingFeature);
    store.dispatch(addressSelected(7));
    expect(chosenAddressOf(sessionStorage, shopper.id)).toBe(7);
  });

  it("starts a feature's sagas once however many screens load it", () => {
    const store = makeStore({ firstLoadSaga: noSagas });
    const feature = countingFeature();
    store.loadFeature(feature);
    store.loadFeature(feature);
    store.dispatch(probe());
    expect(feature.answers).toBe(1);
  });
});
