import { SHOP_INFO_API, telLink, type ShopInfo } from '@shop/contracts';
import { apiClient, ApiError } from '../../lib/api-client';
import { startApiStore } from '../../testing/api-store';
import { getShopInfo, SHOP_INFO_TRIES } from './shop-info.api';

const FAMILY_LINE: ShopInfo = { phone: '+254 20 765 4321', openingHours: 'Mon-Sat 6:30 AM - 6:00 PM', address: 'Biashara Street, Nairobi' };

describe("the shop's contact details", () => {
  const realGet = apiClient.get;
  let requested: string[];
  let answer: () => Promise<unknown>;

  beforeEach(() => {
    requested = [];
    answer = async () => ({ success: true, data: FAMILY_LINE });
    apiClient.get = (async (path: string) => {
      requested.push(path);
      return answer();
    }) as typeof apiClient.get;
  });

  afterEach(() => {
    apiClient.get = realGet;
  });

  it('are read once for the contact strip and the footer asking together, and not again once known', async () => {
    const store = startApiStore();
    const [strip, footer] = [store.dispatch(getShopInfo.initiate()), store.dispatch(getShopInfo.initiate())];
    expect(getShopInfo.select()(store.getState()).isLoading).toBe(true);
    expect(await strip.unwrap()).toEqual(FAMILY_LINE);
    expect(await footer.unwrap()).toEqual(FAMILY_LINE);
    const receipt = store.dispatch(getShopInfo.initiate());
    expect(await receipt.unwrap()).toEqual(FAMILY_LINE);
    expect(requested).toEqual([SHOP_INFO_API.get]);
    [strip, footer, receipt].forEach((subscription) => subscription.unsubscribe());
  });

  it('are tried again on a poor connection, and given up on with the reason after the last try', async () => {
    const store = startApiStore();
    answer = async () => {
      throw new ApiError('Network error. Please check your connection and try again.', null);
    };
    const first = store.dispatch(getShopInfo.initiate());
    await first;
    expect(requested).toHaveLength(SHOP_INFO_TRIES.attempts);
    expect(getShopInfo.select()(store.getState())).toMatchObject({
      isError: true,
      error: { code: null, message: 'Network error. Please check your connection and try again.' },
    });

    answer = async () => ({ success: true, data: FAMILY_LINE });
    const later = store.dispatch(getShopInfo.initiate(undefined, { forceRefetch: true }));
    expect(await later.unwrap()).toEqual(FAMILY_LINE);
    [first, later].forEach((subscription) => subscription.unsubscribe());
  }, 15_000);

  it('dial the digits of the number as the shop writes it', () => {
    expect(telLink('+254 20 765 4321')).toBe('tel:+254207654321');
    expect(telLink('+254-712-345-678')).toBe('tel:+254712345678');
  });
});
