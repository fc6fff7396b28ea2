import { CATALOGUE_API, MESSAGES, type ApiSuccess, type FeatureImage } from '@shop/contracts';
import { toastOutcome } from '../../app/shop.api';
import { featureImagesApi } from '../feature-images/feature-images.api';

/** The admin's writes of the carousel, in the admin's chunk: the shown list changes in place, with no second read. */
export const adminFeatureImagesApi = featureImagesApi.injectEndpoints({
  endpoints: (build) => ({
    /** `image` is the url of an upload, to become the carousel's next picture. */
    addFeatureImage: build.mutation<ApiSuccess<FeatureImage>, string>({
      query: (image) => ({ url: CATALOGUE_API.addFeatureImage, method: 'POST', body: { image } }),
      onQueryStarted: (_image, api) =>
        toastOutcome(api, {
          success: MESSAGES.featureImages.added,
          failure: MESSAGES.adminCatalogue.featureImageAddFailed,
          whenDone: (answer) =>
            api.dispatch(featureImagesApi.util.updateQueryData('getFeatureImages', undefined, (items) => void items.push(answer.data))),
        }),
    }),
    deleteFeatureImage: build.mutation<ApiSuccess<unknown>, number>({
      query: (featureImageId) => ({ url: CATALOGUE_API.deleteFeatureImage(featureImageId), method: 'DELETE' }),
      onQueryStarted: (featureImageId, api) =>
        toastOutcome(api, {
          success: MESSAGES.featureImages.deleted,
          failure: MESSAGES.adminCatalogue.featureImageDeleteFailed,
          whenDone: () =>
            api.dispatch(
              featureImagesApi.util.updateQueryData('getFeatureImages', undefined, (items) =>
                items.filter((featureImage) => featureImage.id !== featureImageId),
              ),
            ),
        }),
    }),
  }),
});

export const { useAddFeatureImageMutation, useDeleteFeatureImageMutation } = adminFeatureImagesApi;
