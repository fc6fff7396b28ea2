import { CATALOGUE_API, MESSAGES, type Review } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { product } from '../../testing/products';
import { notificationsReducer, type Toast } from '../notifications/notifications.slice';
import { catalogueApi, productFailureMessage } from './catalogue.api';
import { productDialogOpened, productImageSelected, productViewClosed, productViewReducer } from './productView.slice';

const review = (id: number, productId: number): Review =>
  ({ id, productId, userName: 'Wanjiru', reviewMessage: 'Lovely', reviewValue: 5, createdAt: '2026-11-01T09:00:00.000Z' }) as Review;

describe('a toy in the product view', () => {
  const real = { get: apiClient.get, post: apiClient.post };
  let asked: string[];
  let reviewsOfToy: Review[];

  beforeEach(() => {
    asked = [];
    reviewsOfToy = [review(1, 7)];
    apiClient.get = (async (path: string) => {
      asked.push(`GET ${path}`);
      if (path === CATALOGUE_API.shopProduct(404)) throw new ApiError('Product not found', 'PRODUCT_NOT_FOUND');
      if (path === CATALOGUE_API.reviews(7)) return { success: true, data: reviewsOfToy };
      return { success: true, data: product(Number(path.split('/').pop())) };
    }) as typeof apiClient.get;
  });
  afterEach(() => Object.assign(apiClient, real));

  function startShop() {
    const store = startApiStore({ notifications: notificationsReducer, productView: productViewReducer });
    const toasts = () => store.getState().notifications.pending.map(({ kind, text }: Toast) => ({ kind, text }));
    return { store, toasts };
  }

  it('is read by its id, and a toy that is gone is told as gone rather than as a failure', async () => {
    const { store } = startShop();
    expect(await store.dispatch(catalogueApi.endpoints.getProduct.initiate(7)).unwrap()).toMatchObject({ id: 7, title: 'Toy 7' });
    const gone = await store.dispatch(catalogueApi.endpoints.getProduct.initiate(404));
    expect(productFailureMessage(gone.error as never)).toBe(MESSAGES.products.notFound);
    expect(productFailureMessage({ code: null, message: 'Network error', data: {} })).toBe('Network error');
    expect(productFailureMessage(undefined)).toBeNull();
  });

  it('reads its reviews and the toy again once a review is added, and says so', async () => {
    const { store, toasts } = startShop();
    const shown = [
      store.dispatch(catalogueApi.endpoints.getProduct.initiate(7)),
      store.dispatch(catalogueApi.endpoints.getReviews.initiate(7)),
    ];
    await Promise.all(shown);
    apiClient.post = (async (path: string, body: unknown) => {
      asked.push(`POST ${path}`);
      reviewsOfToy = [review(2, 7), ...reviewsOfToy];
      return { success: true, data: { ...(body as object), id: 2 } };
    }) as typeof apiClient.post;

    await store.dispatch(catalogueApi.endpoints.addReview.initiate({ productId: 7, reviewMessage: 'Lovely', reviewValue: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(asked).toEqual([
      `GET ${CATALOGUE_API.shopProduct(7)}`,
      `GET ${CATALOGUE_API.reviews(7)}`,
      `POST ${CATALOGUE_API.addReview}`,
      `GET ${CATALOGUE_API.reviews(7)}`,
      `GET ${CATALOGUE_API.shopProduct(7)}`,
    ]);
    expect(
      catalogueApi.endpoints.getReviews
        .select(7)(store.getState())
        .data?.map(({ id }) => id),
    ).toEqual([2, 1]);
    expect(toasts()).toEqual([{ kind: 'success', text: MESSAGES.review.added }]);
    shown.forEach((subscription) => subscription.unsubscribe());
  });

  it('reads nothing again when the api refuses a review, and tells why', async () => {
    const { store, toasts } = startShop();
    const shown = store.dispatch(catalogueApi.endpoints.getReviews.initiate(7));
    await shown;
    apiClient.post = (async () => {
      throw new ApiError(MESSAGES.review.alreadyReviewed, 'ALREADY_REVIEWED');
    }) as typeof apiClient.post;

    await store.dispatch(catalogueApi.endpoints.addReview.initiate({ productId: 7, reviewMessage: 'Again', reviewValue: 4 }));

    expect(asked).toEqual([`GET ${CATALOGUE_API.reviews(7)}`]);
    expect(toasts()).toEqual([{ kind: 'error', text: MESSAGES.review.alreadyReviewed }]);
    shown.unsubscribe();
  });

  it('forgets the toy, its place and the picture on show when the view closes', () => {
    let state = productViewReducer(undefined, productDialogOpened(7));
    state = productViewReducer(state, productImageSelected('12'));
    expect(state).toEqual({ place: 'dialog', productId: 7, selectedImageKey: '12' });
    expect(productViewReducer(state, productViewClosed())).toEqual({ place: null, productId: null, selectedImageKey: null });
  });
});
