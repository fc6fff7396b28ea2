import { CATALOGUE_API, MESSAGES, type ApiSuccess, type FeatureImage } from '@shop/contracts';
import { reasonOfRejection } from '../../app/shop.api';
import { featureImagesApi } from '../feature-images/feature-images.api';
import { toastRequested } from '../notifications/notifications.slice';

/** The admin's writes of the carousel, in the admin's chunk: the shown list changes in place, with no second read. */
export const adminFeatureImagesApi = featureImagesApi.injectEndpoints({
  endpoints: (build) => ({
    /** `image` is the url of an upload, to become the carousel's next picture. */
    addFeatureImage: build.mutation<ApiSuccess<FeatureImage>, string>({
      query: (image) => ({ url: CATALOGUE_API.addFeatureImage, method: 'POST', body: { image } }),
      async onQueryStarted(_image, { dispatch, queryFulfilled }) {
        try {
          const { data: answer } = await queryFulfilled;
          dispatch(featureImagesApi.util.updateQueryData('getFeatureImages', undefined, (items) => void items.push(answer.data)));
          dispatch(toastRequested('success', answer.message ?? MESSAGES.featureImages.added));
        } catch (rejection) {
          dispatch(toastRequested('error', MESSAGES.adminCatalogue.featureImageAddFailed, reasonOfRejection(rejection)));
        }
      },
    }),
    deleteFeatureImage: build.mutation<ApiSuccess<unknown>, number>({
      query: (featureImageId) => ({ url: CATALOGUE_API.deleteFeatureImage(featureImageId), method: 'DELETE' }),
      async onQueryStarted(featureImageId, { dispatch, queryFulfilled }) {
        try {
          const { data: answer } = await queryFulfilled;
          dispatch(
            featureImagesApi.util.updateQueryData('getFeatureImages', undefined, (items) =>
              items.filter((featureImage) => featureImage.id !== featureImageId),
            ),
          );
          dispatch(toastRequested('success', answer.message ?? MESSAGES.featureImages.deleted));
        } catch (rejection) {
          dispatch(toastRequested('error', MESSAGES.adminCatalogue.featureImageDeleteFailed, reasonOfRejection(rejection)));
        }
      },
    }),
  }),
});

export const { useAddFeatureImageMutation, useDeleteFeatureImageMutation } = adminFeatureImagesApi;
