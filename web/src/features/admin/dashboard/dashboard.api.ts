import { ORDER_API, type ApiSuccess, type DashboardSummary } from '@shop/contracts';
import { shopApi } from '../../../app/shop.api';

const dashboardApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** Today's figures, past every cache on the way: the admin acts on them. */
    getDashboard: build.query<DashboardSummary, void>({
      query: () => ({ url: ORDER_API.adminDashboard, noCache: true }),
      transformResponse: (answer: ApiSuccess<DashboardSummary>) => answer.data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
export const { getDashboard } = dashboardApi.endpoints;
