import request from 'supertest';
import { MESSAGES, PAYPAL_QUOTE_API, type PaypalQuote } from '@shop/contracts';
import { Order } from '@shop/db';
import { checkoutDriver, createTestProduct, NGONG, PARKLANDS, testConfig, type Shopper } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';
import { startTestApi } from '../testing/test-api.js';

describe('the PayPal quote at checkout', () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;

  beforeAll(async () => {
    stack = await startPaymentStack({ config: { PAYPAL_CURRENCY: 'USD', PAYPAL_KES_PER_UNIT: '129' } });
    shop = checkoutDriver(stack.server, stack.dataSource);
  });
  afterAll(() => stack?.close());

  const quote = (shopper: Shopper, addressId: number | string, server = stack.server) =>
    request(server).get(PAYPAL_QUOTE_API.quote(addressId)).set('Cookie', shopper.cookie);

  it('is the amount PayPal is then asked to charge: the cart and the delivery fee, converted at the configured rate and rounded up to the cent', async () => {
    const product = await createTestProduct(stack.dataSource, { price: 1200, salePrice: 925, totalStock: 5 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);

    const answer = (await quote(shopper, address.id).expect(200)).body as { success: true; data: PaypalQuote };
    // KES 925 + 150 = 1,075 at 129 per dollar is 8.3333…: PayPal is asked for 8.34, never less than the total.
    expect(answer).toEqual({
      success: true,
      data: { totalAmount: 925 + PARKLANDS.fee, providerAmount: { currency: 'USD', value: '8.34', kesPerUnit: 129 } },
    });

    const { orderId, approvalURL } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as {
      orderId: number;
      approvalURL: string;
    };
    const paypalOrder = stack.sandbox.paypal.order(new URL(approvalURL).searchParams.get('token')!);
    expect(paypalOrder).toMatchObject({ amount: { currency_code: 'USD', value: answer.data.providerAmount.value } });
    expect((await shop.details(shopper, orderId).expect(200)).body.data).toMatchObject({
      totalAmount: answer.data.totalAmount,
      providerAmount: answer.data.providerAmount,
    });
  });

  it('places nothing and takes no stock', async () => {
    const product = await createTestProduct(stack.dataSource, { price: 500, totalStock: 2 });
    const { shopper, address } = await shop.shopperWithCart([[product, 2]]);
    await quote(shopper, address.id).expect(200);
    expect(await stack.dataSource.getRepository(Order).countBy({ userId: shopper.id })).toBe(0);
    expect(await shop.stockOf(product)).toBe(2);
  });

  it("follows the address's delivery fee", async () => {
    const product = await createTestProduct(stack.dataSource, { price: 1000 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const ngong = await shop.address(shopper, NGONG);
    expect(((await quote(shopper, address.id).expect(200)).body.data as PaypalQuote).totalAmount).toBe(1000 + PARKLANDS.fee);
    expect(((await quote(shopper, ngong.id).expect(200)).body.data as PaypalQuote).totalAmount).toBe(1000 + NGONG.fee);
  });

  it('is the charge recorded on the order waiting for payment when paying again would reuse it, even after the rate has changed', async () => {
    const product = await createTestProduct(stack.dataSource, { price: 2580 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };
    const recorded = (await shop.details(shopper, orderId).expect(200)).body.data.providerAmount as PaypalQuote['providerAmount'];

    const newRate = await startTestApi(testConfig({ PAYPAL_CURRENCY: 'EUR', PAYPAL_KES_PER_UNIT: '150.5' }));
    try {
      expect((await quote(shopper, address.id, newRate.server).expect(200)).body.data).toEqual({
        totalAmount: 2580 + PARKLANDS.fee,
        providerAmount: recorded,
      });
      // Another address is another order, charged at today's rate: KES 2,810 is EUR 18.671…, asked as 18.68.
      const ngong = await shop.address(shopper, NGONG);
      expect((await quote(shopper, ngong.id, newRate.server).expect(200)).body.data).toEqual({
        totalAmount: 2580 + NGONG.fee,
        providerAmount: { currency: 'EUR', value: '18.68', kesPerUnit: 150.5 },
      });
    } finally {
      await newRate.app.close();
    }
  });

  it('refuses an empty cart, an address that is not the shopper’s, a malformed id and a guest', async () => {
    const { shopper, address } = await shop.shopperWithCart([]);
    expect((await quote(shopper, address.id).expect(400)).body.message).toBe(MESSAGES.checkout.cartEmpty);

    const product = await createTestProduct(stack.dataSource);
    const { shopper: other } = await shop.shopperWithCart([[product, 1]]);
    expect((await quote(other, address.id).expect(400)).body.message).toBe(MESSAGES.checkout.noAddressSelected);
    expect((await quote(other, 'home').expect(400)).body.message).toBe(MESSAGES.checkout.noAddressSelected);
    await request(stack.server).get(PAYPAL_QUOTE_API.quote(address.id)).expect(401);
  });
});
