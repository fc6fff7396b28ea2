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
  const task = saga && sagaMiddleware.run(saga);
  return Object.assign(store, { stopSaga: () => task?.cancel() });
}

/** A query as a mounted screen holds it: the screen's reads, each answered before the spec goes on, let go one by one or all at once. */
export function screenReads() {
  const held: { unsubscribe(): void }[] = [];
  return {
    /** The read once answered; what it returns lets it go, as the screen's leaving would. */
    async hold(read: PromiseLike<unknown> & { unsubscribe(): void }): Promise<() => void> {
      held.push(read);
      await read;
      return () => read.unsubscribe();
    },
    leaveAll: () => held.forEach((read) => read.unsubscribe()),
  };
}
