import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import type { LazyFeature } from '../../app/store';
import { adminOrdersSaga } from './orders/adminOrders.saga';
import { adminOrdersReducer } from './orders/adminOrders.slice';
import { queueConsoleSaga } from './queues/queueConsole.saga';

function* adminSaga(): SagaIterator {
  yield all([fork(adminOrdersSaga), fork(queueConsoleSaga)]);
}

/** The admin's screens: their orders are the api cache's, so they need none of the shopper's order state. */
export const adminFeature: LazyFeature = {
  name: 'admin',
  reducers: {
    adminOrders: adminOrdersReducer,
  },
  saga: adminSaga,
};
