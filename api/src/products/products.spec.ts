import request from 'supertest';
import { CATALOGUE_API, LIMITS, MESSAGES, type AdminProduct, type ProductInput, type Product as ProductView } from '@shop/contracts';
import { inTransaction, Order, OrderItem, Product, ProductVariation, reserveOrderUnits, StockMovement } from '@shop/db';
import { createTestAccount, sessionCookieOf } from '@shop/testing';
import { testJpeg, uploadTestImage, useTestApi } from '../testing/test-api.js';

describe('admin products', () => {
  const shop = useTestApi();
  let adminCookie: string;
  let adminId: number;
  let shopperCookie: string;
  let mainImage: string;
  let redImage: string;
  let blueImage: string;

  beforeAll(async () => {
    const [admin, shopper] = await Promise.all([createTestAccount(shop.dataSource, 'admin'), createTestAccount(shop.dataSource)]);
    [adminCookie, shopperCookie] = await Promise.all([sessionCookieOf(shop.server, admin), sessionCookieOf(shop.server, shopper)]);
    adminId = admin.user.id;
    [mainImage, redImage, blueImage] = await Promise.all(
      ['main', 'red', 'blue'].map(async (label) => uploadTestImage(shop.server, adminCookie, await testJpeg(label))),
    );
  });

  const validInput = (): ProductInput => ({
    image: mainImage,
    title: '  Wooden Safari Train  ',
    description: 'Six carriages of Kenyan animals.',
    category: 'educational-toys',
    price: 2400,
    salePrice: null,
    totalStock: 12,
    variations: [
      { image: redImage, label: ' Red ' },
      { image: blueImage, label: 'Blue' },
    ],
  });
  const add = (input: unknown) =>
    request(shop.server)
      .post(CATALOGUE_API.addProduct)
      .set('Cookie', adminCookie)
      .send(input as object);
  const edit = (id: number, input: unknown) =>
    request(shop.server)
      .put(CATALOGUE_API.editProduct(id))
      .set('Cookie', adminCookie)
      .send(input as object);
  const productCount = () => shop.dataSource.getRepository(Product).count();
  const adminList = async () =>
    (await request(shop.server).get(CATALOGUE_API.adminProducts).set('Cookie', adminCookie).expect(200)).body.data as AdminProduct[];

  /** A shopper's order of `quantity` units, placed as checkout places one: its units taken off the shelf, held while it waits. */
  async function placeOrder(productId: number, quantity: number): Promise<number> {
    const buyer = await createTestAccount(shop.dataSource);
    return inTransaction(shop.dataSource, async (manager) => {
      const order = await manager.save(Order, {
        userId: buyer.user.id,
        paymentMethod: 'mpesa',
        subtotalAmount: 2400 * quantity,
        deliveryFee: 100,
        totalAmount: 2400 * quantity + 100,
        addressInfo: {
          addressId: null,
          address: 'x',
          county: 'Nairobi',
          subCounty: 'Westlands',
          location: 'Parklands',
          specificAddress: 'x',
          phone: '254712345678',
          notes: '',
          deliveryFee: 100,
        },
      });
      await manager.save(OrderItem, {
        orderId: order.id,
        productId,
        title: 'Wooden Safari Train',
        image: mainImage,
        unitPrice: 2400,
        quantity,
      });
      const shortage = await reserveOrderUnits(manager, order.id, { actor: 'shopper', byUserId: buyer.user.id });
      if (shortage) throw new Error(`no units of ${shortage.title} for the test order`);
      return order.id;
    });
  }

  it('adds a product with its variations, trimmed, with salePrice 0 when empty, and lists it first', async () => {
    const response = await add({ ...validInput(), averageReview: 5 }).expect(201);
    expect(response.body.message).toBe(MESSAGES.products.added);
    const product = response.body.data as AdminProduct;
    expect(product).toMatchObject({
      title: 'Wooden Safari Train',
      category: 'educational-toys',
      price: 2400,
      salePrice: 0,
      totalStock: 12,
      unitsOnHand: 12,
      unitsHeld: 0,
      stockVersion: 0,
      averageReview: 0,
    });
    expect(product.image!.url).toBe(mainImage);
    expect(product.variations.map((variation) => [variation.label, variation.image.url])).toEqual([
      ['Red', redImage],
      ['Blue', blueImage],
    ]);
    expect((await adminList())[0]).toEqual(product);
  });

  it('edits a product, replacing its variations, and reports an unknown one', async () => {
    const { id, stockVersion } = (await add(validInput()).expect(201)).body.data as AdminProduct;
    const edited = await edit(id, {
      ...validInput(),
      stockVersion,
      title: 'Safari Train (big)',
      salePrice: 1999,
      variations: [{ image: blueImage, label: 'Blue' }],
    }).expect(200);
    expect(edited.body.message).toBe(MESSAGES.products.updated);
    expect(edited.body.data).toMatchObject({ id, title: 'Safari Train (big)', salePrice: 1999, variations: [{ label: 'Blue' }] });
    expect(await shop.dataSource.getRepository(ProductVariation).countBy({ productId: id })).toBe(1);
    expect((await shop.dataSource.getRepository(Product).findOneByOrFail({ id })).effectivePrice).toBe(1999);

    expect(
      (await request(shop.server).put(CATALOGUE_API.editProduct(999_999_999)).set('Cookie', adminCookie).send(validInput()).expect(404))
        .body.message,
    ).toBe(MESSAGES.products.invalidId);
  });

  it('keeps a variation (and the id cart lines and orders name) while its label stays, with its new picture and place', async () => {
    const added = (await add(validInput()).expect(201)).body.data as AdminProduct;
    const idOf = (product: AdminProduct, label: string) => product.variations.find((variation) => variation.label === label)?.id;
    const edited = (
      await edit(added.id, {
        ...validInput(),
        stockVersion: added.stockVersion,
        variations: [
          { image: redImage, label: 'BLUE' },
          { image: blueImage, label: 'Green' },
        ],
      }).expect(200)
    ).body.data as AdminProduct;
    expect(edited.variations.map((variation) => [variation.label, variation.image.url])).toEqual([
      ['BLUE', redImage],
      ['Green', blueImage],
    ]);
    expect(idOf(edited, 'BLUE')).toBe(idOf(added, 'Blue'));
    expect(await shop.dataSource.getRepository(ProductVariation).countBy({ productId: added.id })).toBe(2);
  });

  it('accepts a product whose only image is a variation', async () => {
    await add({ ...validInput(), image: null }).expect(201);
  });

  it('adds and edits many products at once without a deadlock reaching the admin', async () => {
    const added = await Promise.all(Array.from({ length: 12 }, () => add(validInput())));
    expect(added.map((response) => response.status)).toEqual(Array(12).fill(201));
    const edited = await Promise.all(
      added.map((response) => {
        const { id, stockVersion } = response.body.data as AdminProduct;
        return edit(id, { ...validInput(), stockVersion, title: 'Edited at once' });
      }),
    );
    expect(edited.map((response) => response.status)).toEqual(Array(12).fill(200));
  });

  it('retires a deleted product while the orders that name it keep their lines', async () => {
    const { id } = (await add(validInput()).expect(201)).body.data as ProductView;
    const orderId = await placeOrder(id, 1);

    const deleted = await request(shop.server).delete(CATALOGUE_API.deleteProduct(id)).set('Cookie', adminCookie).expect(200);
    expect(deleted.body).toEqual({ success: true, message: MESSAGES.products.deleted, data: { id } });
    expect((await adminList()).some((product) => product.id === id)).toBe(false);
    await request(shop.server).get(CATALOGUE_API.shopProduct(id)).expect(404);
    expect(await shop.dataSource.getRepository(OrderItem).countBy({ orderId, productId: id })).toBe(1);
    expect((await request(shop.server).delete(CATALOGUE_API.deleteProduct(id)).set('Cookie', adminCookie).expect(404)).body.message).toBe(
      MESSAGES.products.invalidId,
    );
  });

  it.each([
    ['abc', 400],
    ['', 400],
    ['12.5', 400],
    ['0x10', 400],
    ['1e3', 400],
    ['%2B5', 400],
    ['%207', 400],
    ['7.0', 400],
    ['4294967296', 400],
  ])("answers 'Invalid product ID' for the id %p", async (id, status) => {
    const path = id === '' ? '/api/admin/products/delete' : `/api/admin/products/delete/${id}`;
    expect((await request(shop.server).delete(path).set('Cookie', adminCookie).expect(status)).body.message).toBe(
      MESSAGES.products.invalidId,
    );
  });

  describe('refuses, writing nothing', () => {
    it.each<[string, (input: ProductInput) => unknown, string]>([
      ['a blank title', (input) => ({ ...input, title: '   ' }), MESSAGES.products.requirements.title],
      ['no category', (input) => ({ ...input, category: '' }), MESSAGES.products.requirements.category],
      ['an unknown category', (input) => ({ ...input, category: 'rockets' }), MESSAGES.products.unknownCategory],
      ['a negative price', (input) => ({ ...input, price: -1 }), MESSAGES.products.requirements.price],
      ['a price in words', (input) => ({ ...input, price: 'two thousand' }), MESSAGES.products.requirements.price],
      ['a price as a string', (input) => ({ ...input, price: '2400' }), MESSAGES.products.requirements.price],
      ['a negative sale price', (input) => ({ ...input, salePrice: -5 }), MESSAGES.products.requirements.price],
      ['a sale price not below the price', (input) => ({ ...input, salePrice: 2400 }), MESSAGES.products.salePriceNotBelowPrice],
      ['a fractional stock', (input) => ({ ...input, totalStock: 1.5 }), MESSAGES.products.requirements.stock],
      ['no stock', (input) => ({ ...input, totalStock: undefined }), MESSAGES.products.requirements.stock],
      ['no image at all', (input) => ({ ...input, image: null, variations: [] }), MESSAGES.products.requirements.image],
      [
        'an image that was never uploaded',
        (input) => ({ ...input, image: '/uploads/originals/nope.jpg' }),
        MESSAGES.products.imageNotUploaded,
      ],
      ['an image from elsewhere', (input) => ({ ...input, image: 'https://example.com/cat.jpg' }), MESSAGES.products.imageNotUploaded],
      [
        'a variation without a label',
        (input) => ({ ...input, variations: [{ image: redImage, label: '  ' }] }),
        MESSAGES.variation.labelRequired,
      ],
      ['a variation without an image', (input) => ({ ...input, variations: [{ label: 'Red' }] }), MESSAGES.variation.imageRequired],
      [
        'a variation label of 101 characters',
        (input) => ({ ...input, variations: [{ image: redImage, label: 'x'.repeat(101) }] }),
        MESSAGES.variation.labelTooLong,
      ],
      // class-validator's MaxLength counts 'x' + U+FE0F as one character; the VARCHAR(n) columns count two.
      [
        'a title of 200 emoji presentation pairs',
        (input) => ({ ...input, title: 'x\uFE0F'.repeat(200) }),
        MESSAGES.products.titleTooLong(LIMITS.productTitleMaxLength),
      ],
      [
        'a variation label of 100 emoji presentation pairs',
        (input) => ({ ...input, variations: [{ image: redImage, label: 'x\uFE0F'.repeat(100) }] }),
        MESSAGES.variation.labelTooLong,
      ],
      [
        'a description of 5,000 emoji presentation pairs',
        (input) => ({ ...input, description: 'x\uFE0F'.repeat(5000) }),
        MESSAGES.products.descriptionTooLong(LIMITS.productDescriptionMaxLength),
      ],
      ['a variation that is no object', (input) => ({ ...input, variations: ['Red'] }), MESSAGES.server.validationFailed],
      [
        'a duplicate variation label, whatever its case and spaces',
        (input) => ({
          ...input,
          variations: [
            { image: redImage, label: 'Red' },
            { image: blueImage, label: ' rED ' },
          ],
        }),
        MESSAGES.variation.labelDuplicate,
      ],
      [
        'a duplicate variation label as the database compares labels (accents aside)',
        (input) => ({
          ...input,
          variations: [
            { image: redImage, label: 'Red' },
            { image: blueImage, label: 'Réd' },
          ],
        }),
        MESSAGES.variation.labelDuplicate,
      ],
      ['an unknown field', (input) => ({ ...input, colour: 'red' }), MESSAGES.server.validationFailed],
    ])('%s', async (_rule, breakInput, message) => {
      const before = await productCount();
      const response = await add(breakInput(validInput())).expect(400);
      expect(response.body.message).toBe(message);
      expect(await productCount()).toBe(before);
    });

    it('a shopper, on every admin product route', async () => {
      const { id } = (await add(validInput()).expect(201)).body.data as ProductView;
      await request(shop.server).get(CATALOGUE_API.adminProducts).set('Cookie', shopperCookie).expect(403);
      await request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', shopperCookie).send(validInput()).expect(403);
      await request(shop.server).put(CATALOGUE_API.editProduct(id)).set('Cookie', shopperCookie).send(validInput()).expect(403);
      await request(shop.server).delete(CATALOGUE_API.deleteProduct(id)).set('Cookie', shopperCookie).expect(403);
      expect((await shop.dataSource.getRepository(Product).findOneByOrFail({ id })).title).toBe('Wooden Safari Train');
    });

    it('an edit whose labels the database finds duplicate leaves the product and its variations as they were', async () => {
      const { id } = (await add(validInput()).expect(201)).body.data as ProductView;
      const refused = await edit(id, {
        ...validInput(),
        stockVersion: 0,
        title: 'Changed',
        variations: [
          { image: redImage, label: 'Blue' },
          { image: blueImage, label: 'Blué' },
        ],
      }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.variation.labelDuplicate);
      const product = await shop.dataSource.getRepository(Product).findOneOrFail({ where: { id }, relations: { variations: true } });
      expect(product.title).toBe('Wooden Safari Train');
      expect(product.variations.map((variation) => variation.label).sort()).toEqual(['Blue', 'Red']);
    });

    it('an edit that breaks a rule leaves the product and its variations as they were', async () => {
      const { id } = (await add(validInput()).expect(201)).body.data as ProductView;
      await edit(id, {
        ...validInput(),
        stockVersion: 0,
        title: 'Changed',
        variations: [
          { image: redImage, label: 'Red' },
          { image: '/uploads/originals/gone.jpg', label: 'Gone' },
        ],
      }).expect(400);
      const product = await shop.dataSource.getRepository(Product).findOneOrFail({ where: { id }, relations: { variations: true } });
      expect(product.title).toBe('Wooden Safari Train');
      expect(product.variations.map((variation) => variation.label).sort()).toEqual(['Blue', 'Red']);
    });
  });

  describe('stock: the admin counts units on hand, orders keep what they hold', () => {
    const ledgerOf = (productId: number) =>
      shop.dataSource.getRepository(StockMovement).find({ where: { productId }, order: { id: 'ASC' } });
    const storedStock = (id: number) =>
      shop.dataSource.getRepository(Product).findOneOrFail({ where: { id }, relations: { variations: true } });

    /** What an edit must leave as it found it when it is refused: the sheet, the stock, its version and the ledger. */
    async function snapshot(id: number) {
      const product = await storedStock(id);
      return {
        title: product.title,
        price: product.price,
        salePrice: product.salePrice,
        totalStock: product.totalStock,
        stockVersion: product.stockVersion,
        variations: product.variations.map((variation) => variation.label).sort(),
        ledger: (await ledgerOf(id)).map((movement) => movement.id),
      };
    }

    /** A product of 12 units with an order holding 3 of them: 9 for sale. */
    async function productWithOrderHolding3(): Promise<AdminProduct> {
      const { id } = (await add(validInput()).expect(201)).body.data as AdminProduct;
      await placeOrder(id, 3);
      return (await adminList()).find((product) => product.id === id)!;
    }

    it("records the opening units of an added product as the ledger's first row, by the admin", async () => {
      const { id } = (await add(validInput()).expect(201)).body.data as AdminProduct;
      const ledger = await ledgerOf(id);
      expect(ledger).toEqual([
        expect.objectContaining({
          kind: 'opening',
          delta: 12,
          orderId: null,
          actor: 'admin',
          byUserId: adminId,
          reason: MESSAGES.stock.opening,
        }),
      ]);
      expect((await storedStock(id)).totalStock).toBe(ledger.reduce((sum, movement) => sum + movement.delta, 0));
    });

    it('shows the admin the units on hand, those orders hold and the stock version; shoppers see what they can buy', async () => {
      const product = await productWithOrderHolding3();
      expect(product).toMatchObject({ totalStock: 9, unitsOnHand: 12, unitsHeld: 3, stockVersion: 0 });
      const shopView = (await request(shop.server).get(CATALOGUE_API.shopProduct(product.id)).expect(200)).body.data as Record<
        string,
        unknown
      >;
      expect(shopView).toMatchObject({ id: product.id, totalStock: 9 });
      expect(shopView).not.toHaveProperty('unitsOnHand');
      expect(shopView).not.toHaveProperty('stockVersion');
    });

    it('sets the units on hand: shoppers can buy those less what orders hold, the count is a ledger row by the admin, and the version goes up', async () => {
      const { id, stockVersion } = await productWithOrderHolding3();
      const edited = await edit(id, { ...validInput(), totalStock: 20, stockVersion }).expect(200);
      expect(edited.body.data).toMatchObject({ id, totalStock: 17, unitsOnHand: 20, unitsHeld: 3, stockVersion: stockVersion + 1 });

      const ledger = await ledgerOf(id);
      expect(ledger.at(-1)).toMatchObject({ kind: 'counted', delta: 8, orderId: null, actor: 'admin', byUserId: adminId });
      const stored = await storedStock(id);
      expect(stored).toMatchObject({ totalStock: 17, stockVersion: stockVersion + 1 });
      expect(stored.totalStock).toBe(ledger.reduce((sum, movement) => sum + movement.delta, 0));
      expect((await adminList()).find((product) => product.id === id)).toEqual(edited.body.data);
    });

    it('writes no ledger row and keeps the version when the units on hand are as they were', async () => {
      const { id, stockVersion } = await productWithOrderHolding3();
      const before = await ledgerOf(id);
      await edit(id, { ...validInput(), title: 'Renamed', totalStock: 12, stockVersion }).expect(200);
      expect(await ledgerOf(id)).toEqual(before);
      expect(await storedStock(id)).toMatchObject({ title: 'Renamed', totalStock: 9, stockVersion });
    });

    it('refuses a second edit from a form read before the first, writing nothing of it', async () => {
      const { id, stockVersion } = await productWithOrderHolding3();
      await edit(id, { ...validInput(), totalStock: 20, stockVersion }).expect(200);
      const before = await snapshot(id);
      const refused = await edit(id, {
        ...validInput(),
        title: 'Stale title',
        price: 3000,
        totalStock: 5,
        stockVersion,
        variations: [{ image: blueImage, label: 'Blue' }],
      }).expect(409);
      expect(refused.body.message).toBe(MESSAGES.stock.staleForm);
      expect(await snapshot(id)).toEqual(before);
    });

    it('refuses units on hand below what orders hold, writing nothing', async () => {
      const { id, stockVersion } = await productWithOrderHolding3();
      const before = await snapshot(id);
      const refused = await edit(id, { ...validInput(), title: 'Changed', price: 3000, totalStock: 2, stockVersion }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.stock.belowHeld(3));
      expect(await snapshot(id)).toEqual(before);
    });

    it('refuses an edit without the stock version as a stale form, writing nothing', async () => {
      const { id } = await productWithOrderHolding3();
      const before = await snapshot(id);
      const refused = await edit(id, { ...validInput(), title: 'Changed', totalStock: 20 }).expect(409);
      expect(refused.body.message).toBe(MESSAGES.stock.staleForm);
      expect(await snapshot(id)).toEqual(before);
    });

    it.each([-1, 1.5, '0'])('refuses the stock version %p, writing nothing', async (stockVersion) => {
      const { id } = (await add(validInput()).expect(201)).body.data as AdminProduct;
      const before = await snapshot(id);
      expect((await edit(id, { ...validInput(), totalStock: 20, stockVersion }).expect(400)).body.message).toBe(MESSAGES.stock.staleForm);
      expect(await snapshot(id)).toEqual(before);
    });

    it('rolls the count back with the sheet when the sheet breaks a rule', async () => {
      const { id, stockVersion } = await productWithOrderHolding3();
      const before = await snapshot(id);
      await edit(id, {
        ...validInput(),
        totalStock: 20,
        stockVersion,
        variations: [{ image: '/uploads/originals/gone.jpg', label: 'Gone' }],
      }).expect(400);
      expect(await snapshot(id)).toEqual(before);
    });
  });
});
