import { combineSlices, configureStore, type ReducersMapObject } from '@reduxjs/toolkit';
import { shopApi } from '../app/shop.api';

/** A store with the api's cache, as the app's store holds it, and the few slices a spec needs beside it. */
export function startApiStore<Slices extends ReducersMapObject>(slices: Slices = {} as Slices) {
  return configureStore({
    reducer: combineSlices(shopApi, slices),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(shopApi.middleware),
  });
}
