import request from 'supertest';
import { CATALOGUE_API, SHOPPER_API, type AdminProduct } from '@shop/contracts';
import { Cart, CartItem } from '@shop/db';
import { createTestProduct } from '@shop/testing';
import { testJpeg, uploadTestImage } from '../../../api/src/testing/test-api.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';
import { paymentKit, type PaymentKit } from './payment-test-kit.js';

describe('a paid order leaves the cart', () => {
  let stack: ShopStack;
  let kit: PaymentKit;

  beforeAll(async () => {
    stack = await startShopStack({ config: { MPESA_RECONCILE_DELAY_MS: '600000' } });
    kit = paymentKit(stack);
  });
  afterAll(async () => {
    kit?.closeSockets();
    await stack?.close();
  });

  /** What the cart holds: "product/variation" (0: none) → quantity. */
  async function storedChoices(userId: number) {
    const cart = await stack.dataSource.getRepository(Cart).findOneByOrFail({ userId });
    const lines = await stack.dataSource.getRepository(CartItem).findBy({ cartId: cart.id });
    return Object.fromEntries(lines.map((line) => [`${line.productId}/${line.variationId}`, line.quantity]));
  }

  it('takes out exactly the lines ordered, each product and variation, and leaves the other lines of the same product', async () => {
    const admin = await kit.shopper('admin');
    const [red, blue] = await Promise.all(
      ['red', 'blue'].map(async (label) => uploadTestImage(stack.server, admin.cookie, await testJpeg(label))),
    );
    const variations = [
      { image: red!, label: 'Red' },
      { image: blue!, label: 'Blue' },
    ];
    const sheet = { title: 'Beaded Lion', description: '', category: 'home-decor', price: 700, totalStock: 10, variations };
    const lion = (await request(stack.server).post(CATALOGUE_API.addProduct).set('Cookie', admin.cookie).send(sheet).expect(201)).body
      .data as AdminProduct;
    const [redLion, blueLion] = lion.variations.map((variation) => variation.id);
    const drum = await createTestProduct(stack.dataSource, { totalStock: 5 });

    const phone = kit.newPhone();
    const { shopper, address } = await kit.shopperWithCart([[drum, 1]], phone);
    const addLine = (variationId: number | null, quantity: number) =>
      request(stack.server)
        .post(SHOPPER_API.addToCart)
        .set('Cookie', shopper.cookie)
        .send({ productId: lion.id, variationId, quantity })
        .expect(200);
    await addLine(redLion!, 1);
    await addLine(null, 2);
    // Time to change the cart while the phone shows the prompt.
    stack.sandbox.daraja.setCallbackBehaviour({ phone }, { extraDelayMs: 1500 });
    const { orderId } = (await kit.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as {
      orderId: number;
    };
    await addLine(blueLion!, 1);

    const settled = await kit.waitForOrder(orderId);
    expect(settled.order.orderStatus).toBe('confirmed');
    expect(await storedChoices(shopper.id)).toEqual({ [`${lion.id}/${blueLion}`]: 1 });
  });
});
