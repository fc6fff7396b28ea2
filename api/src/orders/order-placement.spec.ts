import request from 'supertest';
import { In } from 'typeorm';
import { CATALOGUE_API, composeAddress, MESSAGES, ORDER_API, SHOPPER_API, type AdminProduct, type ProductInput } from '@shop/contracts';
import { Cart, CartItem, MpesaAttempt, Order, OrderStatusHistory, Payment, Product } from '@shop/db';
import { convertKes } from '@shop/payments';
import { checkoutDriver, createTestProduct, NGONG, PARKLANDS, type Shopper } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';
import { testJpeg, uploadTestImage } from '../testing/test-api.js';

describe('placing an order', () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;

  beforeAll(async () => {
    stack = await startPaymentStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
  });
  afterAll(() => stack?.close());

  const cartLines = async (shopper: Shopper) => {
    const cart = await stack.dataSource.getRepository(Cart).findOneBy({ userId: shopper.id });
    return cart
      ? (await stack.dataSource.getRepository(CartItem).findBy({ cartId: cart.id })).map((line) => [line.productId, line.quantity])
      : [];
  };

  it("prices the order from the catalogue and the address, whatever the client says, and pushes the server's total to the phone", async () => {
    const train = await createTestProduct(stack.dataSource, { title: 'Safari Train', price: 2400, salePrice: 1999, totalStock: 10 });
    const drum = await createTestProduct(stack.dataSource, { title: 'Kids Drum', price: 800, totalStock: 5 });
    // The phone is saved in one form and typed in another at the payment: both are the same number.
    const { shopper, address } = await shop.shopperWithCart(
      [
        [train, 2],
        [drum, 1],
      ],
      '+254 712 345 678',
    );
    const startedAt = Date.now();

    const answer = await shop
      .payByMpesa(shopper, {
        userId: shopper.id,
        addressId: address.id,
        phone: '0712 345 678',
        amount: 1,
        callbackUrl: 'https://attacker.example/callback',
        orderData: { totalAmount: 1, deliveryFee: 0, cartItems: [{ productId: train.id, price: 1, quantity: 2 }] },
      })
      .expect(201);
    expect(answer.body).toEqual({
      success: true,
      message: MESSAGES.checkout.mpesaInitiated,
      data: { orderId: expect.any(Number), checkoutRequestId: expect.stringMatching(/^ws_CO_/) },
    });
    const { orderId, checkoutRequestId } = answer.body.data as { orderId: number; checkoutRequestId: string };

    const [order] = await shop.ordersOf(shopper);
    expect(order).toMatchObject({
      id: orderId,
      paymentMethod: 'mpesa',
      orderStatus: 'pending',
      paymentStatus: 'pending',
      subtotalAmount: 2 * 1999 + 800,
      deliveryFee: PARKLANDS.fee,
      totalAmount: 2 * 1999 + 800 + PARKLANDS.fee,
      addressInfo: {
        addressId: address.id,
        address: composeAddress({ ...PARKLANDS, specificAddress: 'House 7, Tumaini Lane' }),
        county: PARKLANDS.county,
        subCounty: PARKLANDS.subCounty,
        location: PARKLANDS.location,
        specificAddress: 'House 7, Tumaini Lane',
        phone: '254712345678',
        notes: '',
        deliveryFee: PARKLANDS.fee,
      },
    });
    expect(order!.reservationExpiresAt!.getTime()).toBeGreaterThanOrEqual(startedAt + stack.config.ORDER_RESERVATION_MS - 1000);
    expect(shop.lines(order!.items)).toEqual([
      { productId: train.id, title: 'Safari Train', image: null, unitPrice: 1999, quantity: 2 },
      { productId: drum.id, title: 'Kids Drum', image: null, unitPrice: 800, quantity: 1 },
    ]);
    const payment = await shop.paymentOf(orderId);
    expect(payment).toMatchObject({
      method: 'mpesa',
      status: 'pending',
      amount: 4948,
      providerCurrency: 'KES',
      providerAmount: null,
      providerReference: checkoutRequestId,
      phone: '254712345678',
    });

    // The attempt was written with the order, and its check is due whatever happens to the push.
    const [attempt, ...others] = await stack.dataSource.getRepository(MpesaAttempt).findBy({ orderId });
    expect(others).toEqual([]);
    expect(attempt).toMatchObject({
      paymentId: payment.id,
      state: 'pushed',
      phone: '254712345678',
      amount: 4948,
      checkoutRequestId,
      resultCode: null,
      receipt: null,
    });
    expect(attempt!.callbackKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(attempt!.nextCheckAt!.getTime()).toBeGreaterThanOrEqual(startedAt + stack.config.MPESA_RECONCILE_DELAY_MS - 1000);
    expect(stack.sandbox.daraja.transaction(checkoutRequestId)).toMatchObject({
      amount: 4948,
      phone: '254712345678',
      accountReference: `TD${orderId}`,
      transactionDesc: 'Toy Duka',
      callbackUrl: `${stack.config.PUBLIC_URL}${ORDER_API.mpesaCallback(stack.config.MPESA_CALLBACK_TOKEN, attempt!.callbackKey)}`,
    });
    expect([await shop.stockOf(train), await shop.stockOf(drum)]).toEqual([8, 4]);
    const history = await stack.dataSource.getRepository(OrderStatusHistory).findBy({ orderId });
    expect(history.map((change) => [change.fromStatus, change.toStatus, change.actor, change.changedByUserId])).toEqual([
      [null, 'pending', 'shopper', shopper.id],
    ]);
    expect((await shop.eventsOf(orderId, payment.id)).map((event) => [event.jobName, event.payload, event.delayMs])).toEqual([
      ['order.expire', { orderId }, stack.config.ORDER_RESERVATION_MS],
    ]);
    // The cart is emptied by the payment's success, not by the order.
    expect(await cartLines(shopper)).toEqual(
      expect.arrayContaining([
        [train.id, 2],
        [drum.id, 1],
      ]),
    );
  });

  it("charges the delivery fee of the address chosen, from the shopper's own address row", async () => {
    const product = await createTestProduct(stack.dataSource, { price: 1000 });
    const { shopper, address: parklands } = await shop.shopperWithCart([[product, 1]]);
    const ngong = await shop.address(shopper, NGONG);
    const oldClientFields = { deliveryFee: 0, addressInfo: { addressId: parklands.id, deliveryFee: 0 } };
    const { orderId } = (await shop.payByPaypal(shopper, { addressId: ngong.id, ...oldClientFields }).expect(201)).body as {
      orderId: number;
    };
    const [order] = await shop.ordersOf(shopper);
    expect(order).toMatchObject({
      id: orderId,
      deliveryFee: NGONG.fee,
      totalAmount: 1000 + NGONG.fee,
      addressInfo: expect.objectContaining({ addressId: ngong.id, location: NGONG.location }),
    });
  });

  it('keeps the title, picture and price the shopper paid for when the catalogue changes afterwards', async () => {
    const admin = await shop.shopper('admin');
    const [main, red, blue] = await Promise.all(
      ['main', 'red', 'blue'].map(async (label) => uploadTestImage(stack.server, admin.cookie, await testJpeg(label))),
    );
    const input = (image: string | null): ProductInput => ({
      image,
      title: 'Beaded Giraffe',
      description: 'Hand made.',
      category: 'home-decor',
      price: 1500,
      salePrice: 1200,
      totalStock: 4,
      variations: [
        { image: red!, label: 'Red' },
        { image: blue!, label: 'Blue' },
      ],
    });
    const addProduct = async (image: string | null) =>
      (await request(stack.server).post(CATALOGUE_API.addProduct).set('Cookie', admin.cookie).send(input(image)).expect(201)).body
        .data as AdminProduct;
    const withMain = await addProduct(main!);
    const variationsOnly = await addProduct(null);
    const { shopper, address } = await shop.shopperWithCart([
      [withMain, 1],
      [variationsOnly, 2],
    ]);
    const { orderId } = (await shop.payByPaypal(shopper, { addressId: address.id }).expect(201)).body as { orderId: number };

    await request(stack.server)
      .put(CATALOGUE_API.editProduct(withMain.id))
      .set('Cookie', admin.cookie)
      .send({ ...input(blue!), title: 'Giraffe (new)', price: 9000, salePrice: 0, stockVersion: withMain.stockVersion })
      .expect(200);
    const [order] = await shop.ordersOf(shopper);
    expect(order!.id).toBe(orderId);
    expect(shop.lines(order!.items)).toEqual([
      { productId: withMain.id, title: 'Beaded Giraffe', image: main, unitPrice: 1200, quantity: 1 },
      { productId: variationsOnly.id, title: 'Beaded Giraffe', image: red, unitPrice: 1200, quantity: 2 },
    ]);
  });

  it('converts a PayPal order at the configured rate, and records the rate', async () => {
    const product = await createTestProduct(stack.dataSource, { price: 2999 });
    const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
    const { orderId } = (
      await shop.payByPaypal(shopper, { addressId: address.id, totalAmount: 1, cartItems: [], paymentMethod: 'mpesa' }).expect(201)
    ).body as { orderId: number };
    const total = 2999 + PARKLANDS.fee;
    expect(await shop.paymentOf(orderId)).toMatchObject({
      method: 'paypal',
      amount: total,
      providerCurrency: stack.config.PAYPAL_CURRENCY,
      providerAmount: Number(convertKes(total, stack.config.PAYPAL_KES_PER_UNIT)),
      exchangeRate: stack.config.PAYPAL_KES_PER_UNIT,
    });
    expect((await shop.ordersOf(shopper))[0]).toMatchObject({ paymentMethod: 'paypal', totalAmount: total });
  });

  it('fifty shoppers ordering the last ten units at the same moment: exactly ten orders, and the stock ends at 0', async () => {
    const product = await createTestProduct(stack.dataSource, { title: 'Last Kite', totalStock: 10 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => shop.shopperWithCart([[product, 1]])));

    const answers = await Promise.all(
      buyers.map(({ shopper, address }, index) =>
        index % 2 === 0
          ? shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone })
          : shop.payByPaypal(shopper, { addressId: address.id }),
      ),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(new Set(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.message))).toEqual(
      new Set([MESSAGES.checkout.outOfStock('Last Kite', 0)]),
    );
    expect(await shop.stockOf(product)).toBe(0);
    const orderLines = await stack.dataSource
      .getRepository(Order)
      .find({ where: { items: { productId: product.id } }, relations: { items: true } });
    expect(orderLines).toHaveLength(10);
    expect(orderLines.every((order) => order.items.length === 1 && order.items[0]!.quantity === 1)).toBe(true);
    expect(await stack.dataSource.getRepository(Payment).countBy({ orderId: In(orderLines.map((order) => order.id)) })).toBe(10);
  }, 120_000);

  describe('refuses, writing nothing', () => {
    /** Runs the refusals, then proves they took no stock, made no order or payment and prompted no phone. */
    async function writesNothing(products: Product[], refuse: () => Promise<void>): Promise<void> {
      const counts = async () => ({
        stock: await Promise.all(products.map((product) => shop.stockOf(product))),
        orders: await stack.dataSource.getRepository(Order).count(),
        payments: await stack.dataSource.getRepository(Payment).count(),
        pushes: stack.sandbox.daraja.transactions().length,
        paypalOrders: stack.sandbox.paypal.orders().length,
      });
      const before = await counts();
      await refuse();
      expect(await counts()).toEqual(before);
    }

    it('an empty cart, whether the shopper never had one or emptied it', async () => {
      const shopper = await shop.shopper();
      const address = await shop.address(shopper);
      await writesNothing([], async () => {
        expect((await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(400)).body.message).toBe(
          MESSAGES.checkout.cartEmpty,
        );
        const product = await createTestProduct(stack.dataSource);
        await shop.addToCart(shopper, product, 1);
        await request(stack.server).delete(SHOPPER_API.deleteCartItem(shopper.id, product.id)).set('Cookie', shopper.cookie).expect(200);
        expect((await shop.payByPaypal(shopper, { addressId: address.id }).expect(400)).body.message).toBe(MESSAGES.checkout.cartEmpty);
      });
    });

    it("another shopper's address, an unknown one, or none", async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const stranger = await shop.shopper();
      const strangersAddress = await shop.address(stranger);
      await writesNothing([product], async () => {
        for (const addressId of [strangersAddress.id, 999_999_999]) {
          expect((await shop.payByMpesa(shopper, { addressId, phone: address.phone }).expect(400)).body.message).toBe(
            MESSAGES.checkout.noAddressSelected,
          );
          expect((await shop.payByPaypal(shopper, { addressId }).expect(400)).body.message).toBe(MESSAGES.checkout.noAddressSelected);
        }
        for (const addressId of [undefined, null, 0, -1, 1.5, '7']) {
          expect((await shop.payByPaypal(shopper, { addressId }).expect(400)).body.message).toBe(MESSAGES.checkout.noAddressSelected);
        }
      });
    });

    it.each<[string, unknown]>([
      ['too short', '12345'],
      ['not Kenyan', '+44 7700 900123'],
      ['a landline', '020 2222 222'],
      ['blank', '   '],
      ['missing', undefined],
      ['a number, not text', 712345678],
    ])('an M-Pesa phone that is %s', async (_case, phone) => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      await writesNothing([product], async () => {
        expect((await shop.payByMpesa(shopper, { addressId: address.id, phone }).expect(400)).body.message).toBe(
          MESSAGES.checkout.invalidPhone,
        );
      });
    });

    it('more than the shelf holds: 409 naming the product and what is left, and the lines before it are not taken either', async () => {
      const plenty = await createTestProduct(stack.dataSource, { totalStock: 50 });
      const scarce = await createTestProduct(stack.dataSource, { title: 'Rare Doll', totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([
        [plenty, 3],
        [scarce, 4],
      ]);
      await stack.dataSource.getRepository(Product).update({ id: scarce.id }, { totalStock: 2 });
      await writesNothing([plenty, scarce], async () => {
        expect((await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(409)).body.message).toBe(
          MESSAGES.checkout.outOfStock('Rare Doll', 2),
        );
      });
      await stack.dataSource.getRepository(Product).update({ id: scarce.id }, { totalStock: 0 });
      await writesNothing([plenty, scarce], async () => {
        expect((await shop.payByPaypal(shopper, { addressId: address.id }).expect(409)).body.message).toBe(
          MESSAGES.checkout.outOfStock('Rare Doll', 0),
        );
      });
    });

    it('a product retired since it was put in the cart', async () => {
      const admin = await shop.shopper('admin');
      const retired = await createTestProduct(stack.dataSource, { title: 'Old Yo-yo', totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([[retired, 1]]);
      await request(stack.server).delete(CATALOGUE_API.deleteProduct(retired.id)).set('Cookie', admin.cookie).expect(200);
      await writesNothing([retired], async () => {
        expect((await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(409)).body.message).toBe(
          MESSAGES.checkout.productGone('Old Yo-yo'),
        );
      });
    });

    it("a guest, and a body naming another shopper's id", async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      const stranger = await shop.shopper();
      await writesNothing([product], async () => {
        await request(stack.server).post(ORDER_API.startMpesaPayment).send({ addressId: address.id, phone: address.phone }).expect(401);
        await request(stack.server).post(ORDER_API.createPaypalOrder).send({ addressId: address.id }).expect(401);
        expect(
          (await shop.payByMpesa(shopper, { userId: stranger.id, addressId: address.id, phone: address.phone }).expect(403)).body.message,
        ).toBe(MESSAGES.auth.notYourAccount);
        expect((await shop.payByPaypal(shopper, { userId: stranger.id, addressId: address.id }).expect(403)).body.message).toBe(
          MESSAGES.auth.notYourAccount,
        );
      });
    });

    it('a field no client ever sent', async () => {
      const product = await createTestProduct(stack.dataSource, { totalStock: 5 });
      const { shopper, address } = await shop.shopperWithCart([[product, 1]]);
      await writesNothing([product], async () => {
        expect((await shop.payByPaypal(shopper, { addressId: address.id, discount: 100 }).expect(400)).body.message).toBe(
          MESSAGES.server.validationFailed,
        );
      });
    });
  });
});
