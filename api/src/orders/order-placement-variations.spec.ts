import request from 'supertest';
import { CATALOGUE_API, MESSAGES, ORDER_CAPS, SHOPPER_API, type AdminProduct, type OrderDetails, type ProductInput } from '@shop/contracts';
import { Cart, CartItem, Order } from '@shop/db';
import { checkoutDriver, type Shopper } from '@shop/testing';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';
import { testJpeg, uploadTestImage } from '../testing/test-api.js';

/** docs/adr/0022-variations-in-the-cart-and-the-order.md: the variation chosen is the one ordered. */
describe('placing an order of chosen variations', () => {
  let stack: PaymentStack;
  let shop: ReturnType<typeof checkoutDriver>;
  let admin: Shopper;
  let pictures: { main: string; red: string; blue: string };

  beforeAll(async () => {
    stack = await startPaymentStack();
    shop = checkoutDriver(stack.server, stack.dataSource);
    admin = await shop.shopper('admin');
    const [main, red, blue] = await Promise.all(
      ['main', 'red', 'blue'].map(async (label) => uploadTestImage(stack.server, admin.cookie, await testJpeg(label))),
    );
    pictures = { main: main!, red: red!, blue: blue! };
  });
  afterAll(() => stack?.close());

  const sheet = (totalStock: number): ProductInput => ({
    image: pictures.main,
    title: 'Kanga Teddy',
    description: '',
    category: 'pretend-play',
    price: 1500,
    salePrice: 1200,
    totalStock,
    variations: [
      { image: pictures.red, label: 'Red' },
      { image: pictures.blue, label: 'Blue' },
    ],
  });
  /** A teddy on sale in Red and Blue, with a picture of its own too. */
  async function teddy(totalStock = 10) {
    const product = (
      await request(stack.server).post(CATALOGUE_API.addProduct).set('Cookie', admin.cookie).send(sheet(totalStock)).expect(201)
    ).body.data as AdminProduct;
    const [red, blue] = product.variations.map((variation) => variation.id);
    return { product, red: red!, blue: blue! };
  }
  const addLine = (shopper: Shopper, productId: number, variationId: number | null, quantity: number) =>
    request(stack.server).post(SHOPPER_API.addToCart).set('Cookie', shopper.cookie).send({ productId, variationId, quantity }).expect(200);
  const removeLine = (shopper: Shopper, productId: number, variationId: number | null) =>
    request(stack.server)
      .delete(SHOPPER_API.deleteCartLine(shopper.id, productId, variationId))
      .set('Cookie', shopper.cookie)
      .expect(200);
  const payByMpesa = async (shopper: Shopper, address: { id: number; phone: string }) =>
    ((await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201)).body.data as { orderId: number })
      .orderId;
  const statusesOf = async (shopper: Shopper) =>
    (await stack.dataSource.getRepository(Order).find({ where: { userId: shopper.id }, order: { id: 'ASC' } })).map(
      (order) => order.orderStatus,
    );

  it("keeps on each item the variation chosen, its label and its picture, and the product's picture where none was chosen", async () => {
    const { product, red, blue } = await teddy(10);
    const shopper = await shop.shopper();
    const address = await shop.address(shopper);
    await addLine(shopper, product.id, red, 1);
    await addLine(shopper, product.id, blue, 2);
    await addLine(shopper, product.id, null, 1);

    const orderId = await payByMpesa(shopper, address);
    const [order] = await shop.ordersOf(shopper);
    const items = [...order!.items]
      .sort((a, b) => a.id - b.id)
      .map(({ productId, variationId, variationLabel, title, image, unitPrice, quantity }) => ({
        productId,
        variationId,
        variationLabel,
        title,
        image,
        unitPrice,
        quantity,
      }));
    expect(items).toEqual([
      {
        productId: product.id,
        variationId: null,
        variationLabel: null,
        title: 'Kanga Teddy',
        image: pictures.main,
        unitPrice: 1200,
        quantity: 1,
      },
      {
        productId: product.id,
        variationId: red,
        variationLabel: 'Red',
        title: 'Kanga Teddy',
        image: pictures.red,
        unitPrice: 1200,
        quantity: 1,
      },
      {
        productId: product.id,
        variationId: blue,
        variationLabel: 'Blue',
        title: 'Kanga Teddy',
        image: pictures.blue,
        unitPrice: 1200,
        quantity: 2,
      },
    ]);
    expect(order!.subtotalAmount).toBe(4 * 1200);
    // The stock is the product's: its lines are taken from it together.
    expect(await shop.stockOf(product)).toBe(6);

    // The order outlives the variation: the admin takes Red away, the order still says what was bought.
    await request(stack.server)
      .put(CATALOGUE_API.editProduct(product.id))
      .set('Cookie', admin.cookie)
      .send({ ...sheet(10), stockVersion: product.stockVersion, variations: [] })
      .expect(200);
    const details = (await shop.details(shopper, orderId).expect(200)).body.data as OrderDetails;
    expect(
      details.cartItems.map(({ variationId, variationLabel, image, quantity }) => ({ variationId, variationLabel, image, quantity })),
    ).toEqual([
      { variationId: null, variationLabel: null, image: pictures.main, quantity: 1 },
      { variationId: red, variationLabel: 'Red', image: pictures.red, quantity: 1 },
      { variationId: blue, variationLabel: 'Blue', image: pictures.blue, quantity: 2 },
    ]);
  });

  it('treats another variation as another cart: the waiting order closes and a new one is placed, which the same cart then reuses', async () => {
    const { product, red, blue } = await teddy(2);
    const shopper = await shop.shopper();
    const address = await shop.address(shopper);
    await addLine(shopper, product.id, red, 1);
    const first = await payByMpesa(shopper, address);

    // Same product, units and price: only the colour differs.
    await removeLine(shopper, product.id, red);
    await addLine(shopper, product.id, blue, 1);
    const second = await payByMpesa(shopper, address);
    expect(second).not.toBe(first);
    expect(await statusesOf(shopper)).toEqual(['cancelled', 'pending']);
    expect(await shop.stockOf(product)).toBe(1);
    const [, placed] = await shop.ordersOf(shopper);
    expect(placed!.items.map((item) => item.variationLabel)).toEqual(['Blue']);

    expect(await payByMpesa(shopper, address)).toBe(second);
    expect(await statusesOf(shopper)).toEqual(['cancelled', 'pending']);
  });

  describe('refuses, writing nothing', () => {
    it('a line whose variation the admin took away since it was put in the cart', async () => {
      const { product, red } = await teddy(5);
      const shopper = await shop.shopper();
      const address = await shop.address(shopper);
      await addLine(shopper, product.id, red, 1);
      await request(stack.server)
        .put(CATALOGUE_API.editProduct(product.id))
        .set('Cookie', admin.cookie)
        .send({ ...sheet(5), stockVersion: product.stockVersion, variations: [] })
        .expect(200);

      expect((await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(409)).body.message).toBe(
        MESSAGES.checkout.variationGone('Kanga Teddy'),
      );
      expect(await statusesOf(shopper)).toEqual([]);
      expect(await shop.stockOf(product)).toBe(5);
    });

    it(`a product's lines of more than ${ORDER_CAPS.unitsPerLine} units together, held from before the cap`, async () => {
      const { product, red, blue } = await teddy(500);
      const shopper = await shop.shopper();
      const address = await shop.address(shopper);
      await addLine(shopper, product.id, red, 1);
      await addLine(shopper, product.id, blue, 1);
      const cart = await stack.dataSource.getRepository(Cart).findOneByOrFail({ userId: shopper.id });
      await stack.dataSource
        .getRepository(CartItem)
        .update({ cartId: cart.id, productId: product.id }, { quantity: ORDER_CAPS.unitsPerLine / 2 + 1 });

      expect((await shop.payByPaypal(shopper, { addressId: address.id }).expect(400)).body.message).toBe(
        MESSAGES.checkout.tooManyUnitsOnLine('Kanga Teddy', ORDER_CAPS.unitsPerLine),
      );
      expect(await statusesOf(shopper)).toEqual([]);
      expect(await shop.stockOf(product)).toBe(500);
    });
  });
});
