import { ORDER_API, type DashboardSummary } from '@shop/contracts';
import { apiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { startApiStore } from '../../../testing/api-store';
import { getDashboard } from './dashboard.api';

const TODAY: DashboardSummary = {
  ordersToday: 4,
  paidTodayKes: 5200,
  ordersToShip: 2,
  products: 40,
  lowStockProducts: 3,
  outOfStockProducts: 1,
  shoppers: 120,
};

describe("the admin's dashboard", () => {
  const realGet = apiClient.get;
  afterEach(() => {
    apiClient.get = realGet;
  });

  it('reads the figures past every cache on the way, each time it is asked afresh', async () => {
    const asked: { path: string; noCache?: boolean }[] = [];
    apiClient.get = (async (path: string, options?: ApiRequestOptions) => {
      asked.push({ path, noCache: options?.noCache });
      return { success: true, data: TODAY };
    }) as typeof apiClient.get;
    const store = startApiStore();

    expect(await store.dispatch(getDashboard.initiate()).unwrap()).toEqual(TODAY);
    expect(await store.dispatch(getDashboard.initiate(undefined, { forceRefetch: true })).unwrap()).toEqual(TODAY);

    expect(asked).toEqual([
      { path: ORDER_API.adminDashboard, noCache: true },
      { path: ORDER_API.adminDashboard, noCache: true },
    ]);
  });
});
