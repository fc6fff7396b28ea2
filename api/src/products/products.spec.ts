import request from 'supertest';
import { CATALOGUE_API, LIMITS, MESSAGES, type Product as ProductView, type ProductInput } from '@shop/contracts';
import { OrderItem, Order, Product, ProductVariation } from '@shop/db';
import { createTestAccount, sessionCookieOf } from '@shop/testing';
import { testJpeg, uploadTestImage, useTestApi } from '../testing/test-api.js';

describe('admin products', () => {
  const shop = useTestApi();
  let adminCookie: string;
  let shopperCookie: string;
  let mainImage: string;
  let redImage: string;
  let blueImage: string;

  beforeAll(async () => {
    const [admin, shopper] = await Promise.all([createTestAccount(shop.dataSource, 'admin'), createTestAccount(shop.dataSource)]);
    [adminCookie, shopperCookie] = await Promise.all([sessionCookieOf(shop.server, admin), sessionCookieOf(shop.server, shopper)]);
    [mainImage, redImage, blueImage] = await Promise.all(['main', 'red', 'blue'].map(async (label) => uploadTestImage(shop.server, adminCookie, await testJpeg(label))));
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
  const add = (input: unknown) => request(shop.server).post(CATALOGUE_API.addProduct).set('Cookie', adminCookie).send(input as object);
  const edit = (id: number, input: unknown) => request(shop.server).put(CATALOGUE_API.editProduct(id)).set('Cookie', adminCookie).send(input as object);
  const productCount = () => shop.dataSource.getRepository(Product).count();

  it('adds a product with its variations, trimmed, with salePrice 0 when empty, and lists it first', async () => {
    const response = await add({ ...validInput(), averageReview: 5 }).expect(201);
    expect(response.body.message).toBe(MESSAGES.products.added);
    const product = response.body.data as ProductView;
    expect(product).toMatchObject({ title: 'Wooden Safari Train', category: 'educational-toys', price: 2400, salePrice: 0, totalStock: 12, averageReview: 0 });
    expect(product.image!.url).toBe(mainImage);
    expect(product.variations.map((variation) => [variation.label, variation.image.url])).toEqual([
      ['Red', redImage],
      ['Blue', blueImage],
    ]);
    const listed = await request(shop.server).get(CATALOGUE_API.adminProducts).set('Cookie', adminCookie).expect(200);
    expect((listed.body.data as ProductView[])[0]).toEqual(product);
  });

  it('edits a product, replacing its variations, and reports an unknown one', async () => {
    const { id } = (await add(validInput()).expect(201)).body.data as ProductView;
    const edited = await request(shop.server)
      .put(CATALOGUE_API.editProduct(id))
      .set('Cookie', adminCookie)
      .send({ ...validInput(), title: 'Safari Train (big)', salePrice: 1999, variations: [{ image: blueImage, label: 'Blue' }] })
      .expect(200);
    expect(edited.body.message).toBe(MESSAGES.products.updated);
    expect(edited.body.data).toMatchObject({ id, title: 'Safari Train (big)', salePrice: 1999, variations: [{ label: 'Blue' }] });
    expect(await shop.dataSource.getRepository(ProductVariation).countBy({ productId: id })).toBe(1);
    expect((await shop.dataSource.getRepository(Product).findOneByOrFail({ id })).effectivePrice).toBe(1999);

    expect((await request(shop.server).put(CATALOGUE_API.editProduct(999_999_999)).set('Cookie', adminCookie).send(validInput()).expect(404)).body.message).toBe(MESSAGES.products.invalidId);
  });

  it('accepts a product whose only image is a variation', async () => {
    await add({ ...validInput(), image: null }).expect(201);
  });

  it('adds and edits many products at once without a deadlock reaching the admin', async () => {
    const added = await Promise.all(Array.from({ length: 12 }, () => add(validInput())));
    expect(added.map((response) => response.status)).toEqual(Array(12).fill(201));
    const edited = await Promise.all(added.map((response) => edit((response.body.data as ProductView).id, { ...validInput(), title: 'Edited at once' })));
    expect(edited.map((response) => response.status)).toEqual(Array(12).fill(200));
  });

  it('retires a deleted product while the orders that name it keep their lines', async () => {
    const { id } = (await add(validInput()).expect(201)).body.data as ProductView;
    const buyer = await createTestAccount(shop.dataSource);
    const order = await shop.dataSource.getRepository(Order).save({
      userId: buyer.user.id,
      paymentMethod: 'mpesa',
      subtotalAmount: 2400,
      deliveryFee: 100,
      totalAmount: 2500,
      addressInfo: { addressId: null, address: 'x', county: 'Nairobi', subCounty: 'Westlands', location: 'Parklands', specificAddress: 'x', phone: '254712345678', notes: '', deliveryFee: 100 },
    });
    await shop.dataSource.getRepository(OrderItem).save({ orderId: order.id, productId: id, title: 'Wooden Safari Train', image: mainImage, unitPrice: 2400, quantity: 1 });

    const deleted = await request(shop.server).delete(CATALOGUE_API.deleteProduct(id)).set('Cookie', adminCookie).expect(200);
    expect(deleted.body).toEqual({ success: true, message: MESSAGES.products.deleted, data: { id } });
    const listed = (await request(shop.server).get(CATALOGUE_API.adminProducts).set('Cookie', adminCookie).expect(200)).body.data as ProductView[];
    expect(listed.some((product) => product.id === id)).toBe(false);
    await request(shop.server).get(CATALOGUE_API.shopProduct(id)).expect(404);
    expect(await shop.dataSource.getRepository(OrderItem).countBy({ orderId: order.id, productId: id })).toBe(1);
    expect((await request(shop.server).delete(CATALOGUE_API.deleteProduct(id)).set('Cookie', adminCookie).expect(404)).body.message).toBe(MESSAGES.products.invalidId);
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
    expect((await request(shop.server).delete(path).set('Cookie', adminCookie).expect(status)).body.message).toBe(MESSAGES.products.invalidId);
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
      ['an image that was never uploaded', (input) => ({ ...input, image: '/uploads/originals/nope.jpg' }), MESSAGES.products.imageNotUploaded],
      ['an image from elsewhere', (input) => ({ ...input, image: 'https://example.com/cat.jpg' }), MESSAGES.products.imageNotUploaded],
      ['a variation without a label', (input) => ({ ...input, variations: [{ image: redImage, label: '  ' }] }), MESSAGES.variation.labelRequired],
      ['a variation without an image', (input) => ({ ...input, variations: [{ label: 'Red' }] }), MESSAGES.variation.imageRequired],
      ['a variation label of 101 characters', (input) => ({ ...input, variations: [{ image: redImage, label: 'x'.repeat(101) }] }), MESSAGES.variation.labelTooLong],
      // class-validator's MaxLength counts 'x' + U+FE0F as one character; the VARCHAR(n) columns count two.
      ['a title of 200 emoji presentation pairs', (input) => ({ ...input, title: 'x\uFE0F'.repeat(200) }), MESSAGES.products.titleTooLong(LIMITS.productTitleMaxLength)],
      ['a variation label of 100 emoji presentation pairs', (input) => ({ ...input, variations: [{ image: redImage, label: 'x\uFE0F'.repeat(100) }] }), MESSAGES.variation.labelTooLong],
      ['a description of 5,000 emoji presentation pairs', (input) => ({ ...input, description: 'x\uFE0F'.repeat(5000) }), MESSAGES.products.descriptionTooLong(LIMITS.productDescriptionMaxLength)],
      ['a variation that is no object', (input) => ({ ...input, variations: ['Red'] }), MESSAGES.server.validationFailed],
      [
        'a duplicate variation label, whatever its case and spaces',
        (input) => ({ ...input, variations: [{ image: redImage, label: 'Red' }, { image: blueImage, label: ' rED ' }] }),
        MESSAGES.variation.labelDuplicate,
      ],
      [
        'a duplicate variation label as the database compares labels (accents aside)',
        (input) => ({ ...input, variations: [{ image: redImage, label: 'Red' }, { image: blueImage, label: 'Réd' }] }),
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
      const refused = await edit(id, { ...validInput(), title: 'Changed', variations: [{ image: redImage, label: 'Blue' }, { image: blueImage, label: 'Blué' }] }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.variation.labelDuplicate);
      const product = await shop.dataSource.getRepository(Product).findOneOrFail({ where: { id }, relations: { variations: true } });
      expect(product.title).toBe('Wooden Safari Train');
      expect(product.variations.map((variation) => variation.label).sort()).toEqual(['Blue', 'Red']);
    });

    it('an edit that breaks a rule leaves the product and its variations as they were', async () => {
      const { id } = (await add(validInput()).expect(201)).body.data as ProductView;
      await request(shop.server)
        .put(CATALOGUE_API.editProduct(id))
        .set('Cookie', adminCookie)
        .send({ ...validInput(), title: 'Changed', variations: [{ image: redImage, label: 'Red' }, { image: '/uploads/originals/gone.jpg', label: 'Gone' }] })
        .expect(400);
      const product = await shop.dataSource.getRepository(Product).findOneOrFail({ where: { id }, relations: { variations: true } });
      expect(product.title).toBe('Wooden Safari Train');
      expect(product.variations.map((variation) => variation.label).sort()).toEqual(['Blue', 'Red']);
    });
  });
});
