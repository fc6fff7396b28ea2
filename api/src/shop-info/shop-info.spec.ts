import request from 'supertest';
import { DEMO_SHOP_CONTACT } from '@shop/config';
import { SHOP_INFO_API, type ShopInfo } from '@shop/contracts';
import { createTestAccount, sessionCookieOf, testConfig } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

const FAMILY_LINE = { SHOP_PHONE: '+254 20 765 4321', SHOP_HOURS: 'Mon-Sat 6:30 AM - 6:00 PM', SHOP_ADDRESS: 'Biashara Street, Nairobi' };

describe("the shop's contact details", () => {
  const shop = useTestApi(testConfig(FAMILY_LINE));

  it('are served to guests as configured, cacheable for five minutes', async () => {
    const answer = await request(shop.server).get(SHOP_INFO_API.get).expect(200);
    expect(answer.body).toEqual({
      success: true,
      data: { phone: FAMILY_LINE.SHOP_PHONE, openingHours: FAMILY_LINE.SHOP_HOURS, address: FAMILY_LINE.SHOP_ADDRESS } satisfies ShopInfo,
    });
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('are the same for a signed-in shopper', async () => {
    const cookie = await sessionCookieOf(shop.server, await createTestAccount(shop.dataSource));
    expect((await request(shop.server).get(SHOP_INFO_API.get).set('Cookie', cookie).expect(200)).body.data).toMatchObject({
      phone: FAMILY_LINE.SHOP_PHONE,
    });
  });

  it('are read-only', async () => {
    await request(shop.server).post(SHOP_INFO_API.get).send({ phone: '+254 700 111 222' }).expect(404);
    expect((await request(shop.server).get(SHOP_INFO_API.get).expect(200)).body.data.phone).toBe(FAMILY_LINE.SHOP_PHONE);
  });
});

describe("the shop's contact details outside production, when none are configured", () => {
  const shop = useTestApi(testConfig({ SHOP_PHONE: '', SHOP_HOURS: '', SHOP_ADDRESS: '' }));

  it('are the plainly-demo ones', async () => {
    expect((await request(shop.server).get(SHOP_INFO_API.get).expect(200)).body.data).toEqual(DEMO_SHOP_CONTACT);
  });
});
