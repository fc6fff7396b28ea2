import { CATALOGUE_API, type ApiSuccess, type FeatureImage } from '@shop/contracts';
import { shopApi } from '../../app/shop.api';

export const featureImagesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    /** The home page carousel's pictures, in their order; also the admin's Feature images screen. */
    getFeatureImages: build.query<FeatureImage[], void>({
      query: () => CATALOGUE_API.featureImages,
      transformResponse: (answer: ApiSuccess<FeatureImage[]>) => answer.data,
      providesTags: ['FeatureImage'],
    }),
  }),
});

export const { useGetFeatureImagesQuery } = featureImagesApi;
