import request from 'supertest';
import { CATALOGUE_API, MESSAGES, SHOPPER_API, type Product as ProductView, type WishlistAnswer } from '@shop/contracts';
import { Product, WishlistItem } from '@shop/db';
import { createTestAccount, createTestProduct, sessionCookieOf, signedInAccount, type SignedInAccount } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

describe('wishlist', () => {
  const shop = useTestApi();

  const signedInShopper = () => signedInAccount(shop.server, shop.dataSource);
  const add = (shopper: SignedInAccount, body: object) =>
    request(shop.server)
      .post(SHOPPER_API.addToWishlist)
      .set('Cookie', shopper.cookie)
      .send({ userId: shopper.id, ...body });
  const remove = (shopper: SignedInAccount, body: object) =>
    request(shop.server)
      .post(SHOPPER_API.removeFromWishlist)
      .set('Cookie', shopper.cookie)
      .send({ userId: shopper.id, ...body });
  const wishlistOf = async (shopper: SignedInAccount) =>
    (await request(shop.server).get(SHOPPER_API.wishlist(shopper.id)).set('Cookie', shopper.cookie).expect(200)).body as WishlistAnswer;
  const idsIn = (answer: { body: WishlistAnswer } | WishlistAnswer) =>
    ('body' in answer ? answer.body : answer).wishlist.products.map((product) => product.id);
  const storedIds = async (shopper: SignedInAccount) =>
    (await shop.dataSource.getRepository(WishlistItem).find({ where: { userId: shopper.id }, order: { id: 'ASC' } })).map(
      (item) => item.productId,
    );

  it('answers an empty wishlist', async () => {
    const shopper = await signedInShopper();
    expect(await wishlistOf(shopper)).toEqual({ success: true, wishlist: { products: [] } });
  });

  it('adds products as the shop shows them, newest first', async () => {
    const shopper = await signedInShopper();
    const [kite, drum, train] = await Promise.all(
      ['Kite', 'Drum', 'Train'].map((title) => createTestProduct(shop.dataSource, { title, price: 900, salePrice: 700 })),
    );

    const added = await add(shopper, { productId: kite!.id }).expect(200);
    expect(added.body.success).toBe(true);
    expect(added.body.message).toBe(MESSAGES.wishlist.added);
    const shown = (await request(shop.server).get(CATALOGUE_API.shopProduct(kite!.id)).expect(200)).body.data as ProductView;
    expect((added.body as WishlistAnswer).wishlist.products).toEqual([shown]);

    await add(shopper, { productId: drum!.id }).expect(200);
    expect(idsIn(await add(shopper, { productId: train!.id }).expect(200))).toEqual([train!.id, drum!.id, kite!.id]);
    expect(idsIn(await wishlistOf(shopper))).toEqual([train!.id, drum!.id, kite!.id]);
  });

  it('keeps one entry when a product is added twice, one after the other or at the same moment', async () => {
    const shopper = await signedInShopper();
    const [kite, drum] = await Promise.all([createTestProduct(shop.dataSource), createTestProduct(shop.dataSource)]);
    await add(shopper, { productId: kite.id }).expect(200);
    await add(shopper, { productId: drum.id }).expect(200);
    expect(idsIn(await add(shopper, { productId: kite.id }).expect(200))).toEqual([drum.id, kite.id]);

    const ball = await createTestProduct(shop.dataSource);
    const answers = await Promise.all(Array.from({ length: 4 }, () => add(shopper, { productId: ball.id })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await storedIds(shopper)).toEqual([kite.id, drum.id, ball.id]);
  });

  it('removes a product, and answers the list when it was not there', async () => {
    const shopper = await signedInShopper();
    const [kite, drum] = await Promise.all([createTestProduct(shop.dataSource), createTestProduct(shop.dataSource)]);
    await add(shopper, { productId: kite.id }).expect(200);
    await add(shopper, { productId: drum.id }).expect(200);

    const removed = await remove(shopper, { productId: kite.id }).expect(200);
    expect(removed.body.message).toBe(MESSAGES.wishlist.removed);
    expect(idsIn(removed)).toEqual([drum.id]);
    expect(idsIn(await remove(shopper, { productId: kite.id }).expect(200))).toEqual([drum.id]);
    expect(idsIn(await remove(shopper, { productId: 999_999_999 }).expect(200))).toEqual([drum.id]);
    expect(await storedIds(shopper)).toEqual([drum.id]);
  });

  it('drops a retired product out of the wishlist', async () => {
    const shopper = await signedInShopper();
    const admin = await createTestAccount(shop.dataSource, 'admin');
    const [kept, retired] = await Promise.all([createTestProduct(shop.dataSource), createTestProduct(shop.dataSource)]);
    await add(shopper, { productId: kept.id }).expect(200);
    await add(shopper, { productId: retired.id }).expect(200);
    await request(shop.server)
      .delete(CATALOGUE_API.deleteProduct(retired.id))
      .set('Cookie', await sessionCookieOf(shop.server, admin))
      .expect(200);
    expect(idsIn(await wishlistOf(shopper))).toEqual([kept.id]);
  });

  describe('refuses, writing nothing', () => {
    let shopper: SignedInAccount;
    let product: Product;

    beforeAll(async () => {
      shopper = await signedInShopper();
      product = await createTestProduct(shop.dataSource);
    });

    it('an unknown or a retired product', async () => {
      expect((await add(shopper, { productId: 999_999_999 }).expect(404)).body.message).toBe(MESSAGES.products.notFound);
      const retired = await createTestProduct(shop.dataSource);
      await shop.dataSource.getRepository(Product).softDelete({ id: retired.id });
      expect((await add(shopper, { productId: retired.id }).expect(404)).body.message).toBe(MESSAGES.products.notFound);
      expect(await storedIds(shopper)).toEqual([]);
    });

    it.each<[string, unknown]>([
      ['0', 0],
      ['-2', -2],
      ['1.5', 1.5],
      ['a string', 'abc'],
      ['none', undefined],
      ['"0x10"', '0x10'],
      ['beyond INT UNSIGNED', 4_294_967_296],
      ['written with an exponent', 1e21],
    ])('a product id of %s, on add and on remove', async (_case, productId) => {
      expect((await add(shopper, { productId }).expect(400)).body.message).toBe(MESSAGES.products.invalidId);
      expect((await remove(shopper, { productId }).expect(400)).body.message).toBe(MESSAGES.products.invalidId);
      expect(await storedIds(shopper)).toEqual([]);
    });

    it("every route naming another shopper's id, and every route for a guest", async () => {
      const owner = await signedInShopper();
      const intruder = await signedInShopper();
      const other = await createTestProduct(shop.dataSource);
      await add(owner, { productId: product.id }).expect(200);

      const asIntruder = [
        request(shop.server).get(SHOPPER_API.wishlist(owner.id)).set('Cookie', intruder.cookie),
        request(shop.server).post(SHOPPER_API.addToWishlist).set('Cookie', intruder.cookie).send({ userId: owner.id, productId: other.id }),
        request(shop.server)
          .post(SHOPPER_API.removeFromWishlist)
          .set('Cookie', intruder.cookie)
          .send({ userId: owner.id, productId: product.id }),
      ];
      for (const answer of await Promise.all(asIntruder)) {
        expect([answer.status, answer.body.message]).toEqual([403, MESSAGES.auth.notYourAccount]);
      }

      const asGuest = [
        request(shop.server).get(SHOPPER_API.wishlist(owner.id)),
        request(shop.server).post(SHOPPER_API.addToWishlist).send({ userId: owner.id, productId: other.id }),
        request(shop.server).post(SHOPPER_API.removeFromWishlist).send({ userId: owner.id, productId: product.id }),
      ];
      for (const answer of await Promise.all(asGuest)) {
        expect([answer.status, answer.body.message]).toEqual([401, MESSAGES.auth.notAuthenticated]);
      }

      expect(await storedIds(owner)).toEqual([product.id]);
      expect(await storedIds(intruder)).toEqual([]);
    });
  });
});
