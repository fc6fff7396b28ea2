import { CATALOGUE_API, MESSAGES, type FeatureImage } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { featureImagesApi } from '../feature-images/feature-images.api';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { adminFeatureImagesApi } from './feature-images.api';

const BANNER = (id: number): FeatureImage => ({ id, image: { url: `/uploads/banner-${id}.webp`, status: 'ready', srcSet: [] } });

describe("the admin's feature images", () => {
  const real = { get: apiClient.get, post: apiClient.post, delete: apiClient.delete };
  let calls: string[];

  beforeEach(() => {
    calls = [];
    apiClient.get = (async (path: string) => {
      calls.push(`GET ${path}`);
      return { success: true, data: [BANNER(1), BANNER(2)] };
    }) as typeof apiClient.get;
  });
  afterEach(() => Object.assign(apiClient, real));

  function startAdmin() {
    const store = startApiStore({ notifications: notificationsReducer });
    const shown = () => featureImagesApi.endpoints.getFeatureImages.select()(store.getState()).data;
    const toasts = () => store.getState().notifications.pending.map(({ kind, text, detail }: Toast) => ({ kind, text, detail }));
    return { store, shown, toasts };
  }
  it('adds an upload to the end of the shown list without reading it again, and says so', async () => {
    const { store, shown, toasts } = startAdmin();
    await store.dispatch(featureImagesApi.endpoints.getFeatureImages.initiate());
    apiClient.post = (async (path: string, body: unknown) => {
      calls.push(`POST ${path} ${JSON.stringify(body)}`);
      return { success: true, message: 'Feature image added', data: BANNER(3) };
    }) as typeof apiClient.post;

    await store.dispatch(adminFeatureImagesApi.endpoints.addFeatureImage.initiate('/uploads/banner-3.webp'));

    expect(shown()?.map((banner) => banner.id)).toEqual([1, 2, 3]);
    expect(calls).toEqual([
      `GET ${CATALOGUE_API.featureImages}`,
      `POST ${CATALOGUE_API.addFeatureImage} {"image":"/uploads/banner-3.webp"}`,
    ]);
    expect(toasts()).toEqual([{ kind: 'success', text: 'Feature image added', detail: undefined }]);
  });

  it('takes a deleted picture off the list, and keeps it with the reason when the api refuses', async () => {
    const { store, shown, toasts } = startAdmin();
    await store.dispatch(featureImagesApi.endpoints.getFeatureImages.initiate());
    apiClient.delete = (async (path: string) => {
      calls.push(`DELETE ${path}`);
      if (path === CATALOGUE_API.deleteFeatureImage(2)) throw new ApiError('Feature image not found', 'NOT_FOUND');
      return { success: true, data: null };
    }) as typeof apiClient.delete;

    await store.dispatch(adminFeatureImagesApi.endpoints.deleteFeatureImage.initiate(1));
    await store.dispatch(adminFeatureImagesApi.endpoints.deleteFeatureImage.initiate(2));

    expect(shown()?.map((banner) => banner.id)).toEqual([2]);
    expect(toasts()).toEqual([
      { kind: 'success', text: MESSAGES.featureImages.deleted, detail: undefined },
      { kind: 'error', text: MESSAGES.adminCatalogue.featureImageDeleteFailed, detail: 'Feature image not found' },
    ]);
  });
});
