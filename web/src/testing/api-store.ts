import { combineSlices, configureStore, type ReducersMapObject } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { shopApi } from '../app/shop.api';

/** A store with the api's cache, as the app's store holds it, the few slices a spec needs beside it, and a saga that writes into the cache, if any. */
export function startApiStore<Slices extends ReducersMapObject>(slices: Slices = {} as Slices, saga?: Saga) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(shopApi, slices),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(shopApi.middleware, sagaMiddleware),
  });
  if (saga) sagaMiddleware.run(saga);
  return store;
}
