import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { DashboardSummary } from '@shop/contracts';
import { apiClient, messageOfError } from '../../../lib/api-client';
import { dashboardFailed, dashboardLoaded, dashboardRequested } from './dashboard.slice';

const DASHBOARD_PATH = '/api/admin/dashboard';

function* loadDashboard(): SagaIterator {
  try {
    const answer: { data: DashboardSummary } = yield call(apiClient.get<{ data: DashboardSummary }>, DASHBOARD_PATH, { noCache: true });
    yield put(dashboardLoaded(answer.data));
  } catch (error) {
    yield put(dashboardFailed(messageOfError(error)));
  }
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(dashboardRequested.type, loadDashboard);
}
