import request from 'supertest';
import {
  CATALOGUE_API,
  LIMITS,
  MESSAGES,
  ORDER_CAPS,
  SHOPPER_API,
  type AdminProduct,
  type Cart as CartView,
  type ProductInput,
  type Product as ProductView,
} from '@shop/contracts';
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
  const add = (shopper: SignedInAccount, body: object) =>
    request(shop.server)
      .post(SHOPPER_API.addToCart)
      .set('Cookie', shopper.cookie)
      .send({ userId: shopper.id, ...body });
  const update = (shopper: SignedInAccount, body: object) =>
    request(shop.server)
      .put(SHOPPER_API.updateCart)
      .set('Cookie', shopper.cookie)
      .send({ userId: shopper.id, ...body });
  const remove = (shopper: SignedInAccount, productId: number | string) =>
    request(shop.server).delete(SHOPPER_API.deleteCartItem(shopper.id, productId)).set('Cookie', shopper.cookie);
  const cartOf = async (shopper: SignedInAccount) =>
    (await request(shop.server).get(SHOPPER_API.cart(shopper.id)).set('Cookie', shopper.cookie).expect(200)).body.data as CartView;
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
    expect((first.body.data as CartView).items).toEqual([
      {
        productId: train.id,
        title: 'Safari Train',
        image: null,
        price: 2400,
        salePrice: 1999,
        quantity: 2,
        totalStock: 10,
        variationId: null,
        variationLabel: null,
      },
    ]);

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
    const [main, red, blue] = await Promise.all(
      ['main', 'red', 'blue'].map(async (label) => uploadTestImage(shop.server, adminCookie, await testJpeg(label))),
    );
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
    const withMain = (await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(input(main!)).expect(201))
      .body.data as ProductView;
    const variationsOnly = (
      await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(input(null)).expect(201)
    ).body.data as ProductView;

    await add(shopper, { productId: withMain.id, quantity: 1 }).expect(200);
    const cart = (await add(shopper, { productId: variationsOnly.id, quantity: 1 }).expect(200)).body.data as CartView;
    expect(cart.items.map((item) => item.image?.url)).toEqual([main, red]);
    expect(cart.items[0]!.image).toEqual(withMain.image);
  });

  it('sets the quantity of a line on update, and deletes a line', async () => {
    const shopper = await signedInShopper();
    const [kite, ball] = await Promise.all([
      createTestProduct(shop.dataSource, { totalStock: 8 }),
      createTestProduct(shop.dataSource, { totalStock: 8 }),
    ]);
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
    const input: ProductInput = {
      image,
      title: 'Map Puzzle',
      description: '',
      category: 'educational-toys',
      price: 1200,
      totalStock: 6,
      variations: [],
    };
    const { id, stockVersion } = (
      await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(input).expect(201)
    ).body.data as AdminProduct;
    await add(shopper, { productId: id, quantity: 2 }).expect(200);

    await request(shop.server)
      .put(CATALOGUE_API.editProduct(id))
      .set('Cookie', adminCookie)
      .send({ ...input, stockVersion, title: 'Kenya Map Puzzle', price: 1500, salePrice: 1100, totalStock: 9 })
      .expect(200);
    expect((await cartOf(shopper)).items).toEqual([
      expect.objectContaining({ productId: id, title: 'Kenya Map Puzzle', price: 1500, salePrice: 1100, totalStock: 9, quantity: 2 }),
    ]);
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
      expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.message)).toEqual(
        Array(2).fill(MESSAGES.cart.onlyQuantityCanBeAdded(3)),
      );
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
      [product, other] = await Promise.all([
        createTestProduct(shop.dataSource, { totalStock: 5 }),
        createTestProduct(shop.dataSource, { totalStock: 5 }),
      ]);
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
      expect((await add(shopper, { productId: product.id, quantity: LIMITS.amountMax + 1 }).expect(400)).body.message).toBe(
        MESSAGES.cart.quantityTooLarge(LIMITS.amountMax),
      );
      expect((await update(shopper, { productId: product.id, quantity: 1e21 }).expect(400)).body.message).toBe(
        MESSAGES.cart.quantityTooLarge(LIMITS.amountMax),
      );
      expect(await hasCart(shopper)).toBe(false);
    });

    it.each(['abc', '0', '-3', '1.5', '0x10', '1e3', '%2B5', '%207', '7.0', '4294967296'])(
      'a product id of %s in the delete path',
      async (productId) => {
        expect((await remove(shopper, productId).expect(400)).body.message).toBe(MESSAGES.products.invalidId);
      },
    );

    it('a price, or any field the cart does not take from the client', async () => {
      const fresh = await signedInShopper();
      await add(fresh, { productId: product.id, quantity: 1, price: 1 }).expect(400);
      expect(await hasCart(fresh)).toBe(false);
    });

    it('a first add beyond the stock, leaving no cart behind', async () => {
      const fresh = await signedInShopper();
      expect((await add(fresh, { productId: product.id, quantity: 6 }).expect(400)).body.message).toBe(
        MESSAGES.cart.onlyQuantityCanBeAdded(5),
      );
      expect(await hasCart(fresh)).toBe(false);
      expect(await cartOf(fresh)).toEqual({ id: null, items: [] });
    });

    it('an add or an update that would take a line beyond the stock', async () => {
      const fresh = await signedInShopper();
      await add(fresh, { productId: product.id, quantity: 4 }).expect(200);
      expect((await add(fresh, { productId: product.id, quantity: 2 }).expect(400)).body.message).toBe(
        MESSAGES.cart.onlyQuantityCanBeAdded(5),
      );
      expect((await update(fresh, { productId: product.id, quantity: 6 }).expect(400)).body.message).toBe(
        MESSAGES.cart.onlyQuantityCanBeAdded(5),
      );
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
        request(shop.server)
          .post(SHOPPER_API.addToCart)
          .set('Cookie', intruder.cookie)
          .send({ userId: owner.id, productId: product.id, quantity: 1 }),
        request(shop.server).get(SHOPPER_API.cart(owner.id)).set('Cookie', intruder.cookie),
        request(shop.server)
          .put(SHOPPER_API.updateCart)
          .set('Cookie', intruder.cookie)
          .send({ userId: owner.id, productId: product.id, quantity: 1 }),
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

  describe('variations', () => {
    let pictures: { main: string; red: string; blue: string };

    beforeAll(async () => {
      const [main, red, blue] = await Promise.all(
        ['main', 'red', 'blue'].map(async (label) => uploadTestImage(shop.server, adminCookie, await testJpeg(label))),
      );
      pictures = { main: main!, red: red!, blue: blue! };
    });

    const sheet = (totalStock: number): ProductInput => ({
      image: pictures.main,
      title: 'Kikoi Doll',
      description: '',
      category: 'home-decor',
      price: 900,
      totalStock,
      variations: [
        { image: pictures.red, label: 'Red' },
        { image: pictures.blue, label: 'Blue' },
      ],
    });
    /** A product on sale in two variations, Red and Blue, with a picture of its own too. */
    const dollWith = async (totalStock: number) => {
      const doll = (
        await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(sheet(totalStock)).expect(201)
      ).body.data as AdminProduct;
      const [red, blue] = doll.variations.map((variation) => variation.id);
      return { doll, red: red!, blue: blue! };
    };
    /** What the database holds: "product/variation" (0: none) → quantity. */
    const storedChoices = async (shopper: SignedInAccount) => {
      const cart = await shop.dataSource.getRepository(Cart).findOneBy({ userId: shopper.id });
      const lines = cart ? await shop.dataSource.getRepository(CartItem).findBy({ cartId: cart.id }) : [];
      return Object.fromEntries(lines.map((line) => [`${line.productId}/${line.variationId}`, line.quantity]));
    };
    const removeLine = (shopper: SignedInAccount, productId: number, variationId: number | string | null) =>
      request(shop.server)
        .delete(SHOPPER_API.deleteCartLine(shopper.id, productId, variationId))
        .set('Cookie', shopper.cookie);

    it("keeps each variation of a product on a line of its own, with the variation's label and picture", async () => {
      const shopper = await signedInShopper();
      const { doll, red, blue } = await dollWith(10);
      await add(shopper, { productId: doll.id, variationId: red, quantity: 1 }).expect(200);
      await add(shopper, { productId: doll.id, variationId: blue, quantity: 2 }).expect(200);
      await add(shopper, { productId: doll.id, quantity: 1 }).expect(200);
      const cart = (await add(shopper, { productId: doll.id, variationId: red, quantity: 1 }).expect(200)).body.data as CartView;

      expect(cart.items.map(({ variationId, variationLabel, quantity }) => [variationId, variationLabel, quantity])).toEqual([
        [red, 'Red', 2],
        [blue, 'Blue', 2],
        [null, null, 1],
      ]);
      expect(cart.items.map((item) => item.image)).toEqual([doll.variations[0]!.image, doll.variations[1]!.image, doll.image]);
      expect(cart.items.every((item) => item.productId === doll.id && item.title === 'Kikoi Doll' && item.totalStock === 10)).toBe(true);
      expect(await storedChoices(shopper)).toEqual({ [`${doll.id}/${red}`]: 2, [`${doll.id}/${blue}`]: 2, [`${doll.id}/0`]: 1 });

      // Null is "no variation", as leaving it out is.
      await add(shopper, { productId: doll.id, variationId: null, quantity: 1 }).expect(200);
      const updated = (await update(shopper, { productId: doll.id, variationId: blue, quantity: 1 }).expect(200)).body.data as CartView;
      expect(updated.items.map((item) => item.quantity)).toEqual([2, 1, 2]);
    });

    it('counts every line of a product against its stock and the per-line cap, whatever their variations', async () => {
      const shopper = await signedInShopper();
      const { doll, red, blue } = await dollWith(4);
      await add(shopper, { productId: doll.id, variationId: red, quantity: 2 }).expect(200);
      await add(shopper, { productId: doll.id, variationId: blue, quantity: 2 }).expect(200);
      expect((await add(shopper, { productId: doll.id, quantity: 1 }).expect(400)).body.message).toBe(
        MESSAGES.cart.onlyQuantityCanBeAdded(4),
      );
      expect((await add(shopper, { productId: doll.id, variationId: red, quantity: 1 }).expect(400)).body.message).toBe(
        MESSAGES.cart.onlyQuantityCanBeAdded(4),
      );
      expect((await update(shopper, { productId: doll.id, variationId: red, quantity: 3 }).expect(400)).body.message).toBe(
        MESSAGES.cart.onlyQuantityCanBeAdded(4),
      );
      expect(await storedChoices(shopper)).toEqual({ [`${doll.id}/${red}`]: 2, [`${doll.id}/${blue}`]: 2 });

      await update(shopper, { productId: doll.id, variationId: red, quantity: 1 }).expect(200);
      await add(shopper, { productId: doll.id, quantity: 1 }).expect(200);
      expect(await storedChoices(shopper)).toEqual({ [`${doll.id}/${red}`]: 1, [`${doll.id}/${blue}`]: 2, [`${doll.id}/0`]: 1 });

      const plenty = await dollWith(ORDER_CAPS.unitsPerLine + 10);
      await add(shopper, { productId: plenty.doll.id, variationId: plenty.red, quantity: ORDER_CAPS.unitsPerLine - 1 }).expect(200);
      expect((await add(shopper, { productId: plenty.doll.id, variationId: plenty.blue, quantity: 2 }).expect(400)).body.message).toBe(
        MESSAGES.cart.onlyQuantityCanBeAdded(ORDER_CAPS.unitsPerLine),
      );
      await add(shopper, { productId: plenty.doll.id, variationId: plenty.blue, quantity: 1 }).expect(200);
    });

    it('adds of two variations at the same moment never pass the stock together: six adds of 1 with 3 in stock, three succeed', async () => {
      const shopper = await signedInShopper();
      const { doll, red, blue } = await dollWith(3);
      const answers = await Promise.all(
        [red, blue, red, blue, red, blue].map((variationId) => add(shopper, { productId: doll.id, variationId, quantity: 1 })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 400, 400, 400]);
      expect(Object.values(await storedChoices(shopper)).reduce((sum, quantity) => sum + quantity, 0)).toBe(3);
    });

    it("deletes one variation's line, 0 naming the line without one, and with the old route every line of the product", async () => {
      const shopper = await signedInShopper();
      const { doll, red, blue } = await dollWith(10);
      const kite = await createTestProduct(shop.dataSource);
      for (const variationId of [red, blue, null]) await add(shopper, { productId: doll.id, variationId, quantity: 1 }).expect(200);
      await add(shopper, { productId: kite.id, quantity: 1 }).expect(200);

      const deleted = await removeLine(shopper, doll.id, red).expect(200);
      expect(deleted.body.message).toBe(MESSAGES.cart.itemDeleted);
      expect(await storedChoices(shopper)).toEqual({ [`${doll.id}/${blue}`]: 1, [`${doll.id}/0`]: 1, [`${kite.id}/0`]: 1 });
      expect((await removeLine(shopper, doll.id, red).expect(404)).body.message).toBe(MESSAGES.cart.notInCart);
      await removeLine(shopper, doll.id, null).expect(200);
      expect(await storedChoices(shopper)).toEqual({ [`${doll.id}/${blue}`]: 1, [`${kite.id}/0`]: 1 });

      await add(shopper, { productId: doll.id, variationId: red, quantity: 1 }).expect(200);
      await remove(shopper, doll.id).expect(200);
      expect(await storedChoices(shopper)).toEqual({ [`${kite.id}/0`]: 1 });
    });

    it("shows a line whose variation the admin took away with no label and the product's picture, refusing its update until it is removed", async () => {
      const shopper = await signedInShopper();
      const { doll, red } = await dollWith(10);
      await add(shopper, { productId: doll.id, variationId: red, quantity: 2 }).expect(200);
      const withoutRed = { ...sheet(10), stockVersion: doll.stockVersion, variations: [{ image: pictures.blue, label: 'Blue' }] };
      await request(shop.server).put(CATALOGUE_API.editProduct(doll.id)).set('Cookie', adminCookie).send(withoutRed).expect(200);

      const [line] = (await cartOf(shopper)).items;
      expect(line).toMatchObject({ productId: doll.id, variationId: red, variationLabel: null, image: doll.image, quantity: 2 });
      expect((await update(shopper, { productId: doll.id, variationId: red, quantity: 1 }).expect(400)).body.message).toBe(
        MESSAGES.variation.notOfProduct,
      );
      await removeLine(shopper, doll.id, red).expect(200);
      expect(await storedChoices(shopper)).toEqual({});
    });

    describe('refuses, writing nothing', () => {
      it("another product's variation, or one unknown, on add and on update", async () => {
        const fresh = await signedInShopper();
        const { doll } = await dollWith(5);
        const other = await dollWith(5);
        for (const variationId of [other.red, 999_999_999]) {
          expect((await add(fresh, { productId: doll.id, variationId, quantity: 1 }).expect(400)).body.message).toBe(
            MESSAGES.variation.notOfProduct,
          );
        }
        expect(await hasCart(fresh)).toBe(false);
        await add(fresh, { productId: doll.id, quantity: 1 }).expect(200);
        expect((await update(fresh, { productId: doll.id, variationId: other.red, quantity: 1 }).expect(400)).body.message).toBe(
          MESSAGES.variation.notOfProduct,
        );
        expect(await storedChoices(fresh)).toEqual({ [`${doll.id}/0`]: 1 });
      });

      it.each<[string, unknown]>([
        ['0', 0],
        ['-1', -1],
        ['1.5', 1.5],
        ["the string '2'", '2'],
        ['beyond INT UNSIGNED', 4_294_967_296],
      ])('a variation id of %s in the body', async (_case, variationId) => {
        const fresh = await signedInShopper();
        const { doll } = await dollWith(5);
        expect((await add(fresh, { productId: doll.id, variationId, quantity: 1 }).expect(400)).body.message).toBe(
          MESSAGES.variation.invalidId,
        );
        expect((await update(fresh, { productId: doll.id, variationId, quantity: 1 }).expect(400)).body.message).toBe(
          MESSAGES.variation.invalidId,
        );
        expect(await hasCart(fresh)).toBe(false);
      });

      it.each(['abc', '-1', '1.5', '0x10', '1e3', '4294967296'])('a variation id of %s in the delete query', async (variationId) => {
        const fresh = await signedInShopper();
        const kite = await createTestProduct(shop.dataSource);
        await add(fresh, { productId: kite.id, quantity: 1 }).expect(200);
        expect((await removeLine(fresh, kite.id, variationId).expect(400)).body.message).toBe(MESSAGES.variation.invalidId);
        expect(await storedChoices(fresh)).toEqual({ [`${kite.id}/0`]: 1 });
      });
    });
  });
});
