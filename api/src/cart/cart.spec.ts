import request from 'supertest';
import { CATALOGUE_API, LIMITS, MESSAGES, SHOPPER_API, type Cart as CartView, type Product as ProductView, type ProductInput } from '@shop/contracts';
import { Cart, CartItem, Product } from '@shop/db';
import { createTestAccount, createTestProduct, sessionCookieOf, signedInAccount, type SignedInAccount } from '@shop/testing';
import { testJpeg, uploadTestImage, useTestApi } from '../testing/test-api.js';

describe('cart', () => {
  const shop = useTestApi();
  let adminCookie: string;

  beforeAll(async () => {
    adminCookie = await sessionCookieOf(shop.server, await createTestAccount(shop.dataSource, 'admin'));
  });

  const signedInShopper = () => signedInAccount(shop.server, shop.dataSource);
  const add = (shopper: SignedInAccount, body: object) => request(shop.server).post(SHOPPER_API.addToCart).set('Cookie', shopper.cookie).send({ userId: shopper.id, ...body });
  const update = (shopper: SignedInAccount, body: object) => request(shop.server).put(SHOPPER_API.updateCart).set('Cookie', shopper.cookie).send({ userId: shopper.id, ...body });
  const remove = (shopper: SignedInAccount, productId: number | string) => request(shop.server).delete(SHOPPER_API.deleteCartItem(shopper.id, productId)).set('Cookie', shopper.cookie);
  const cartOf = async (shopper: SignedInAccount) => (await request(shop.server).get(SHOPPER_API.cart(shopper.id)).set('Cookie', shopper.cookie).expect(200)).body.data as CartView;
  /** What the database holds, whatever the views show: product id → quantity. */
  const storedLines = async (shopper: SignedInAccount) => {
    const cart = await shop.dataSource.getRepository(Cart).findOneBy({ userId: shopper.id });
    const lines = cart ? await shop.dataSource.getRepository(CartItem).findBy({ cartId: cart.id }) : [];
    return Object.fromEntries(lines.map((line) => [line.productId, line.quantity]));
  };
  const hasCart = async (shopper: SignedInAccount) => shop.dataSource.getRepository(Cart).existsBy({ userId: shopper.id });

  it('answers an empty cart, without an id, before the first add', async () => {
    const shopper = await signedInShopper();
    const answer = await request(shop.server).get(SHOPPER_API.cart(shopper.id)).set('Cookie', shopper.cookie).expect(200);
    expect(answer.body).toEqual({ success: true, data: { id: null, items: [] } });
  });

  it('adds to a line, making the cart on the first add, and lists lines in the order they were added', async () => {
    const shopper = await signedInShopper();
    const train = await createTestProduct(shop.dataSource, { title: 'Safari Train', price: 2400, salePrice: 1999, totalStock: 10 });
    const drum = await createTestProduct(shop.dataSource, { title: 'Kids Drum', price: 800, totalStock: 5 });

    const first = await add(shopper, { productId: train.id, quantity: 2 }).expect(200);
    expect(first.body.success).toBe(true);
    expect(first.body.message).toBe(MESSAGES.cart.productAdded);
    const cartId = (first.body.data as CartView).id;
    expect(cartId).toEqual(expect.any(Number));
    expect((first.body.data as CartView).items).toEqual([{ productId: train.id, title: 'Safari Train', image: null, price: 2400, salePrice: 1999, quantity: 2, totalStock: 10 }]);

    await add(shopper, { productId: drum.id, quantity: 1 }).expect(200);
    const third = (await add(shopper, { productId: train.id, quantity: 3 }).expect(200)).body.data as CartView;
    expect(third.id).toBe(cartId);
    expect(third.items.map((item) => [item.productId, item.quantity])).toEqual([
      [train.id, 5],
      [drum.id, 1],
    ]);
    expect(await cartOf(shopper)).toEqual(third);
    expect(await storedLines(shopper)).toEqual({ [train.id]: 5, [drum.id]: 1 });
  });

  it("shows each line with its product card's image: the main one, or the first variation's", async () => {
    const shopper = await signedInShopper();
    const [main, red, blue] = await Promise.all(['main', 'red', 'blue'].map(async (label) => uploadTestImage(shop.server, adminCookie, await testJpeg(label))));
    const input = (image: string | null): ProductInput => ({
      image,
      title: 'Beaded Giraffe',
      description: 'Hand made.',
      category: 'home-decor',
      price: 1500,
      totalStock: 4,
      variations: [
        { image: red!, label: 'Red' },
        { image: blue!, label: 'Blue' },
      ],
    });
    const withMain = (await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(input(main!)).expect(201)).body.data as ProductView;
    const variationsOnly = (await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(input(null)).expect(201)).body.data as ProductView;

    await add(shopper, { productId: withMain.id, quantity: 1 }).expect(200);
    const cart = (await add(shopper, { productId: variationsOnly.id, quantity: 1 }).expect(200)).body.data as CartView;
    expect(cart.items.map((item) => item.image?.url)).toEqual([main, red]);
    expect(cart.items[0]!.image).toEqual(withMain.image);
  });

  it('sets the quantity of a line on update, and deletes a line', async () => {
    const shopper = await signedInShopper();
    const [kite, ball] = await Promise.all([createTestProduct(shop.dataSource, { totalStock: 8 }), createTestProduct(shop.dataSource, { totalStock: 8 })]);
    await add(shopper, { productId: kite.id, quantity: 3 }).expect(200);
    await add(shopper, { productId: ball.id, quantity: 1 }).expect(200);

    const updated = await update(shopper, { productId: kite.id, quantity: 1 }).expect(200);
    expect(updated.body.message).toBe(MESSAGES.cart.itemUpdated);
    expect((updated.body.data as CartView).items.map((item) => [item.productId, item.quantity])).toEqual([
      [kite.id, 1],
      [ball.id, 1],
    ]);
    await update(shopper, { productId: kite.id, quantity: 8 }).expect(200);
    expect(await storedLines(shopper)).toEqual({ [kite.id]: 8, [ball.id]: 1 });

    const deleted = await remove(shopper, kite.id).expect(200);
    expect(deleted.body.message).toBe(MESSAGES.cart.itemDeleted);
    expect((deleted.body.data as CartView).items.map((item) => item.productId)).toEqual([ball.id]);
    expect(await storedLines(shopper)).toEqual({ [ball.id]: 1 });
  });

  it("shows the catalogue's current title and prices after the admin edits the product", async () => {
    const shopper = await signedInShopper();
    const image = await uploadTestImage(shop.server, adminCookie, await testJpeg('puzzle'));
    const input: ProductInput = { image, title: 'Map Puzzle', description: '', category: 'educational-toys', price: 1200, totalStock: 6, variations: [] };
    const { id } = (await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(input).expect(201)).body.data as ProductView;
    await add(shopper, { productId: id, quantity: 2 }).expect(200);

    await request(shop.server).put(CATALOGUE_API.editProduct(id)).set('Cookie', adminCookie).send({ ...input, title: 'Kenya Map Puzzle', price: 1500, salePrice: 1100, totalStock: 9 }).expect(200);
    expect((await cartOf(shopper)).items).toEqual([expect.objectContaining({ productId: id, title: 'Kenya Map Puzzle', price: 1500, salePrice: 1100, totalStock: 9, quantity: 2 })]);
  });

  it('drops a retired product out of the cart', async () => {
    const shopper = await signedInShopper();
    const [kept, retired] = await Promise.all([createTestProduct(shop.dataSource), createTestProduct(shop.dataSource)]);
    await add(shopper, { productId: retired.id, quantity: 1 }).expect(200);
    await add(shopper, { productId: kept.id, quantity: 1 }).expect(200);
    await request(shop.server).delete(CATALOGUE_API.deleteProduct(retired.id)).set('Cookie', adminCookie).expect(200);
    expect((await cartOf(shopper)).items.map((item) => item.productId)).toEqual([kept.id]);
  });

  describe('at the same moment', () => {
    it.each([2, 5])('%i adds of the same product by one shopper end as one line with their sum', async (requests) => {
      const shopper = await signedInShopper();
      const product = await createTestProduct(shop.dataSource, { totalStock: 50 });
      const answers = await Promise.all(Array.from({ length: requests }, () => add(shopper, { productId: product.id, quantity: 2 })));
      expect(answers.map((answer) => answer.status)).toEqual(Array(requests).fill(200));
      expect(await storedLines(shopper)).toEqual({ [product.id]: 2 * requests });
      expect(await shop.dataSource.getRepository(Cart).countBy({ userId: shopper.id })).toBe(1);
    });

    it('adds never take a line past the stock: five adds of 1 with 3 in stock, three succeed', async () => {
      const shopper = await signedInShopper();
      const product = await createTestProduct(shop.dataSource, { totalStock: 3 });
      const answers = await Promise.all(Array.from({ length: 5 }, () => add(shopper, { productId: product.id, quantity: 1 })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 400, 400]);
      expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.message)).toEqual(Array(2).fill(MESSAGES.cart.onlyQuantityCanBeAdded(3)));
      expect(await storedLines(shopper)).toEqual({ [product.id]: 3 });
    });

    it('adds of different products by one shopper keep every line', async () => {
      const shopper = await signedInShopper();
      const products = await Promise.all(Array.from({ length: 4 }, () => createTestProduct(shop.dataSource)));
      await Promise.all(products.map((product) => add(shopper, { productId: product.id, quantity: 1 }).expect(200)));
      expect(await storedLines(shopper)).toEqual(Object.fromEntries(products.map((product) => [product.id, 1])));
    });
  });

  describe('refuses, writing nothing', () => {
    let shopper: SignedInAccount;
    let product: Product;
    let other: Product;

    beforeAll(async () => {
      shopper = await signedInShopper();
      [product, other] = await Promise.all([createTestProduct(shop.dataSource, { totalStock: 5 }), createTestProduct(shop.dataSource, { totalStock: 5 })]);
    });

    it.each<[string, object]>([
      ['0', { quantity: 0 }],
      ['-1', { quantity: -1 }],
      ['1.5', { quantity: 1.5 }],
      ["the string '2'", { quantity: '2' }],
      ['null', { quantity: null }],
      ['no quantity at all', {}],
    ])('a quantity of %s on add, and on update', async (_case, body) => {
      const fresh = await signedInShopper();
      expect((await add(fresh, { productId: product.id, ...body }).expect(400)).body.message).toBe(MESSAGES.cart.quantityInvalid);
      expect(await hasCart(fresh)).toBe(false);

      await add(fresh, { productId: product.id, quantity: 2 }).expect(200);
      expect((await update(fresh, { productId: product.id, ...body }).expect(400)).body.message).toBe(MESSAGES.cart.quantityInvalid);
      expect(await storedLines(fresh)).toEqual({ [product.id]: 2 });
    });

    it.each<[string, unknown]>([
      ['0', 0],
      ['-4', -4],
      ['2.5', 2.5],
      ['a string', 'abc'],
      ['none', undefined],
      ['"0x10"', '0x10'],
      ['"1e3"', '1e3'],
      ['beyond INT UNSIGNED', 4_294_967_296],
      ['written with an exponent', 1e21],
    ])('a product id of %s in the body', async (_case, productId) => {
      expect((await add(shopper, { productId, quantity: 1 }).expect(400)).body.message).toBe(MESSAGES.products.invalidId);
      expect((await update(shopper, { productId, quantity: 1 }).expect(400)).body.message).toBe(MESSAGES.products.invalidId);
      expect(await hasCart(shopper)).toBe(false);
    });

    it('a quantity beyond any stock, which no line can ever hold', async () => {
      expect((await add(shopper, { productId: product.id, quantity: LIMITS.amountMax + 1 }).expect(400)).body.message).toBe(MESSAGES.cart.quantityTooLarge(LIMITS.amountMax));
      expect((await update(shopper, { productId: product.id, quantity: 1e21 }).expect(400)).body.message).toBe(MESSAGES.cart.quantityTooLarge(LIMITS.amountMax));
      expect(await hasCart(shopper)).toBe(false);
    });

    it.each(['abc', '0', '-3', '1.5', '0x10', '1e3', '%2B5', '%207', '7.0', '4294967296'])('a product id of %s in the delete path', async (productId) => {
      expect((await remove(shopper, productId).expect(400)).body.message).toBe(MESSAGES.products.invalidId);
    });

    it('a price, or any field the cart does not take from the client', async () => {
      const fresh = await signedInShopper();
      await add(fresh, { productId: product.id, quantity: 1, price: 1 }).expect(400);
      expect(await hasCart(fresh)).toBe(false);
    });

    it('a first add beyond the stock, leaving no cart behind', async () => {
      const fresh = await signedInShopper();
      expect((await add(fresh, { productId: product.id, quantity: 6 }).expect(400)).body.message).toBe(MESSAGES.cart.onlyQuantityCanBeAdded(5));
      expect(await hasCart(fresh)).toBe(false);
      expect(await cartOf(fresh)).toEqual({ id: null, items: [] });
    });

    it('an add or an update that would take a line beyond the stock', async () => {
      const fresh = await signedInShopper();
      await add(fresh, { productId: product.id, quantity: 4 }).expect(200);
      expect((await add(fresh, { productId: product.id, quantity: 2 }).expect(400)).body.message).toBe(MESSAGES.cart.onlyQuantityCanBeAdded(5));
      expect((await update(fresh, { productId: product.id, quantity: 6 }).expect(400)).body.message).toBe(MESSAGES.cart.onlyQuantityCanBeAdded(5));
      expect(await storedLines(fresh)).toEqual({ [product.id]: 4 });
      await add(fresh, { productId: product.id, quantity: 1 }).expect(200);
      expect(await storedLines(fresh)).toEqual({ [product.id]: 5 });
    });

    it('an unknown product', async () => {
      const fresh = await signedInShopper();
      expect((await add(fresh, { productId: 999_999_999, quantity: 1 }).expect(404)).body.message).toBe(MESSAGES.products.notFound);
      expect(await hasCart(fresh)).toBe(false);
      await add(fresh, { productId: product.id, quantity: 1 }).expect(200);
      expect((await update(fresh, { productId: 999_999_999, quantity: 1 }).expect(404)).body.message).toBe(MESSAGES.products.notFound);
      expect(await storedLines(fresh)).toEqual({ [product.id]: 1 });
    });

    it('a retired product, on add and on update of its old line', async () => {
      const fresh = await signedInShopper();
      const retired = await createTestProduct(shop.dataSource, { totalStock: 5 });
      await add(fresh, { productId: retired.id, quantity: 1 }).expect(200);
      await shop.dataSource.getRepository(Product).softDelete({ id: retired.id });
      expect((await add(fresh, { productId: retired.id, quantity: 1 }).expect(404)).body.message).toBe(MESSAGES.products.notFound);
      expect((await update(fresh, { productId: retired.id, quantity: 2 }).expect(404)).body.message).toBe(MESSAGES.products.notFound);
      expect(await storedLines(fresh)).toEqual({ [retired.id]: 1 });
    });

    it('an update or a delete of a line not in the cart, with or without a cart', async () => {
      const fresh = await signedInShopper();
      expect((await update(fresh, { productId: product.id, quantity: 1 }).expect(404)).body.message).toBe(MESSAGES.cart.notInCart);
      expect((await remove(fresh, product.id).expect(404)).body.message).toBe(MESSAGES.cart.notInCart);
      expect(await hasCart(fresh)).toBe(false);

      await add(fresh, { productId: product.id, quantity: 1 }).expect(200);
      expect((await update(fresh, { productId: other.id, quantity: 1 }).expect(404)).body.message).toBe(MESSAGES.cart.notInCart);
      expect((await remove(fresh, other.id).expect(404)).body.message).toBe(MESSAGES.cart.notInCart);
      expect(await storedLines(fresh)).toEqual({ [product.id]: 1 });
    });

    it("every route naming another shopper's id, and every route for a guest", async () => {
      const owner = await signedInShopper();
      const intruder = await signedInShopper();
      await add(owner, { productId: product.id, quantity: 2 }).expect(200);
      const before = await storedLines(owner);

      const asIntruder = [
        request(shop.server).post(SHOPPER_API.addToCart).set('Cookie', intruder.cookie).send({ userId: owner.id, productId: product.id, quantity: 1 }),
        request(shop.server).get(SHOPPER_API.cart(owner.id)).set('Cookie', intruder.cookie),
        request(shop.server).put(SHOPPER_API.updateCart).set('Cookie', intruder.cookie).send({ userId: owner.id, productId: product.id, quantity: 1 }),
        request(shop.server).delete(SHOPPER_API.deleteCartItem(owner.id, product.id)).set('Cookie', intruder.cookie),
      ];
      for (const answer of await Promise.all(asIntruder)) {
        expect([answer.status, answer.body.message]).toEqual([403, MESSAGES.auth.notYourAccount]);
      }

      const asGuest = [
        request(shop.server).post(SHOPPER_API.addToCart).send({ userId: owner.id, productId: product.id, quantity: 1 }),
        request(shop.server).get(SHOPPER_API.cart(owner.id)),
        request(shop.server).put(SHOPPER_API.updateCart).send({ userId: owner.id, productId: product.id, quantity: 1 }),
        request(shop.server).delete(SHOPPER_API.deleteCartItem(owner.id, product.id)),
      ];
      for (const answer of await Promise.all(asGuest)) {
        expect([answer.status, answer.body.message]).toEqual([401, MESSAGES.auth.notAuthenticated]);
      }

      expect(await storedLines(owner)).toEqual(before);
      expect(await hasCart(intruder)).toBe(false);
    });
  });
});
