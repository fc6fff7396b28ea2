import { randomInt } from 'node:crypto';
import request, { type Response } from 'supertest';
import { MESSAGES, ORDER_CAPS, RATE_LIMITS, SHOPPER_API } from '@shop/contracts';
import { formatKenyanMobile } from '@shop/contracts/phone';
import { Cart, CartItem, Order } from '@shop/db';
import { checkoutDriver, createTestProduct, refusalAnswer, type Shopper } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';

/** A refusal that says, in words and in Retry-After, when to try again. */
function expectTryAgainLater(answer: Response, message: (waitMs: number) => string): void {
  expect(answer.status).toBe(429);
  const retryAfterSeconds = Number(answer.headers['retry-after']);
  expect(retryAfterSeconds).toBeGreaterThan(0);
  expect(retryAfterSeconds).toBeLessThanOrEqual(3600);
  expect(answer.body).toEqual(refusalAnswer('RATE_LIMITED', message(retryAfterSeconds * 1000), { retryAfterS: retryAfterSeconds }));
}

describe('checkout abuse limits', () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;

  beforeAll(async () => {
    stack = await startPaymentStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
  });
  afterAll(() => stack?.close());

  const ordersPlaced = async (shopper: Shopper) => (await shop.ordersOf(shopper)).length;
  const pushesTo = (phone: string) => stack.sandbox.daraja.transactions().filter((transaction) => transaction.phone === phone).length;
  const plentiful = () => createTestProduct(stack.dataSource, { price: 500, totalStock: 500 });

  describe('the M-Pesa phone', () => {
    it("prompts only a phone of the shopper's saved addresses: another number is refused, and nobody is prompted", async () => {
      const { shopper, address } = await shop.shopperWithCart([[await plentiful(), 1]]);
      const stranger = shop.newPhone();

      const refused = await shop.payByMpesa(shopper, { addressId: address.id, phone: stranger }).expect(400);
      expect(refused.body).toEqual(refusalAnswer('PHONE_NOT_ON_ACCOUNT', MESSAGES.checkout.phoneNotOnAccount));
      expect(pushesTo(stranger)).toBe(0);
      expect(await ordersPlaced(shopper)).toBe(0);
    });

    it('takes the phone of any of their addresses, however it is typed', async () => {
      const { shopper, address } = await shop.shopperWithCart([[await plentiful(), 1]]);
      const second = await shop.address(shopper);
      await shop.payByMpesa(shopper, { addressId: address.id, phone: `+${second.phone}` }).expect(201);
      await shop.payByMpesa(shopper, { addressId: address.id, phone: formatKenyanMobile(address.phone) }).expect(201);
      expect([pushesTo(second.phone), pushesTo(address.phone)]).toEqual([1, 1]);
    });
  });

  it(`refuses a shopper's checkout past ${RATE_LIMITS.checkoutPerShopper.points} in the hour, PayPal captures included, placing nothing`, async () => {
    const { shopper, address } = await shop.shopperWithCart([[await plentiful(), 1]]);
    for (let checkout = 0; checkout < RATE_LIMITS.checkoutPerShopper.points; checkout += 1)
      await shop.payByPaypal(shopper, { addressId: address.id }).expect(201);

    expectTryAgainLater(await shop.payByPaypal(shopper, { addressId: address.id }), MESSAGES.checkout.tooManyPayments);
    expectTryAgainLater(await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }), MESSAGES.checkout.tooManyPayments);
    const [first] = await shop.ordersOf(shopper);
    const { providerReference } = await shop.paymentOf(first!.id);
    expectTryAgainLater(await shop.capture(shopper, { orderId: first!.id, token: providerReference }), MESSAGES.checkout.tooManyPayments);
    // Every checkout of the same cart was for the one order waiting.
    expect(await ordersPlaced(shopper)).toBe(1);
    expect(pushesTo(address.phone)).toBe(0);
  });

  it(`refuses a shopper's push past ${RATE_LIMITS.pushesToPhoneByShopper.points} in the hour to one phone, and every account's past ${RATE_LIMITS.pushesToPhone.points}`, async () => {
    const product = await plentiful();
    const phone = shop.newPhone();
    const first = await shop.shopperWithCart([[product, 1]], phone);
    // The shopper's own limit: their pushes to the phone (each checkout per shopper counts too, well above).
    for (let push = 0; push < RATE_LIMITS.pushesToPhoneByShopper.points; push += 1)
      await shop.payByMpesa(first.shopper, { addressId: first.address.id, phone }).expect(201);
    expectTryAgainLater(
      await shop.payByMpesa(first.shopper, { addressId: first.address.id, phone }),
      MESSAGES.checkout.tooManyPushesToPhone,
    );

    // Every account's together.
    for (let push = RATE_LIMITS.pushesToPhoneByShopper.points; push < RATE_LIMITS.pushesToPhone.points; push += 1) {
      const { shopper, address } = await shop.shopperWithCart([[product, 1]], phone);
      await shop.payByMpesa(shopper, { addressId: address.id, phone }).expect(201);
    }
    const { shopper, address } = await shop.shopperWithCart([[product, 1]], phone);
    expectTryAgainLater(await shop.payByMpesa(shopper, { addressId: address.id, phone }), MESSAGES.checkout.tooManyPushesToPhone);
    expect(pushesTo(phone)).toBe(RATE_LIMITS.pushesToPhone.points);
    // Refused before its push, its order was rolled back with the units it took.
    expect(await ordersPlaced(shopper)).toBe(0);
    // The same shopper may still pay by PayPal: the phone's limit is the phone's.
    await shop.payByPaypal(shopper, { addressId: address.id }).expect(201);
  });

  it("spends none of a phone's pushes on requests that prompt nobody, so nobody can use them up to lock its owner out", async () => {
    const phone = shop.newPhone();
    const stranger = await shop.shopper();
    const saved = await shop.address(stranger, undefined, phone);
    for (let request = 0; request < RATE_LIMITS.pushesToPhone.points + 2; request += 1) {
      expect((await shop.payByMpesa(stranger, { addressId: saved.id, phone }).expect(400)).body.message).toBe(MESSAGES.checkout.cartEmpty);
    }
    const { shopper, address } = await shop.shopperWithCart([[await plentiful(), 1]], phone);
    await shop.payByMpesa(shopper, { addressId: address.id, phone }).expect(201);
  });

  it(`refuses checkouts past ${RATE_LIMITS.checkoutPerClientAddress.points} in the hour from one client address, and no other address's`, async () => {
    const product = await plentiful();
    const network = `192.0.2.${randomInt(1, 255)}`;
    const perShopper = RATE_LIMITS.checkoutPerShopper.points - 1;
    const shoppers: { shopper: Shopper; addressId: number }[] = [];
    for (let placed = 0; placed < RATE_LIMITS.checkoutPerClientAddress.points; placed += 1) {
      if (placed % perShopper === 0) {
        const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
        shoppers.push({ shopper: { ...shopper, clientAddress: network }, addressId: address.id });
      }
      const { shopper, addressId } = shoppers.at(-1)!;
      await shop.payByPaypal(shopper, { addressId }).expect(201);
    }
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    expectTryAgainLater(
      await shop.payByPaypal({ ...shopper, clientAddress: network }, { addressId: address.id }),
      MESSAGES.checkout.tooManyPayments,
    );
    expect(await ordersPlaced(shopper)).toBe(0);
    await shop.payByPaypal(shopper, { addressId: address.id }).expect(201);
  });

  describe('units in one order', () => {
    it(`keeps a cart line at ${ORDER_CAPS.unitsPerLine} units, however much is in stock`, async () => {
      const product = await plentiful();
      const { shopper } = await shop.shopperWithCart([[product, ORDER_CAPS.unitsPerLine]]);
      const refused = await request(stack.server)
        .post(SHOPPER_API.addToCart)
        .set({ Cookie: shopper.cookie, 'X-Forwarded-For': shopper.clientAddress })
        .send({ productId: product.id, quantity: 1 })
        .expect(400);
      expect(refused.body.message).toBe(MESSAGES.cart.onlyQuantityCanBeAdded(ORDER_CAPS.unitsPerLine));
    });

    it(`refuses an order of more than ${ORDER_CAPS.unitsPerOrder} units, leaving the stock as it was`, async () => {
      const products = await Promise.all(
        Array.from({ length: Math.ceil(ORDER_CAPS.unitsPerOrder / ORDER_CAPS.unitsPerLine) + 1 }, () => plentiful()),
      );
      const { shopper, address } = await shop.shopperWithCart(products.map((product) => [product, ORDER_CAPS.unitsPerLine]));
      const refused = await shop.payByPaypal(shopper, { addressId: address.id }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.checkout.tooManyUnitsInOrder(ORDER_CAPS.unitsPerOrder));
      expect(await Promise.all(products.map((product) => shop.stockOf(product)))).toEqual(products.map(() => 500));
      expect(await ordersPlaced(shopper)).toBe(0);
    });

    it(`refuses a line of more than ${ORDER_CAPS.unitsPerLine} units that the cart holds from before the cap`, async () => {
      const product = await createTestProduct(stack.dataSource, { title: `Marbles ${randomInt(1e6)}`, price: 50, totalStock: 500 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const cart = await stack.dataSource.getRepository(Cart).findOneByOrFail({ userId: shopper.id });
      await stack.dataSource
        .getRepository(CartItem)
        .update({ cartId: cart.id, productId: product.id }, { quantity: ORDER_CAPS.unitsPerLine + 5 });
      const refused = await shop.payByPaypal(shopper, { addressId: address.id }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.checkout.tooManyUnitsOnLine(product.title, ORDER_CAPS.unitsPerLine));
      expect(await shop.stockOf(product)).toBe(500);
      expect(await stack.dataSource.getRepository(Order).countBy({ userId: shopper.id })).toBe(0);
    });
  });
});
