import request from 'supertest';
import { CATALOGUE_API, LIMITS, MESSAGES, type Review as ReviewView } from '@shop/contracts';
import { Product, Review } from '@shop/db';
import { createTestAccount, createTestProduct, signedInAccount, type SignedInAccount } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

describe('reviews', () => {
  const shop = useTestApi();

  const signedInShopper = () => signedInAccount(shop.server, shop.dataSource);
  const review = (cookie: string, body: object) => request(shop.server).post(CATALOGUE_API.addReview).set('Cookie', cookie).send(body);
  const averageOf = async (productId: number) =>
    (await shop.dataSource.getRepository(Product).findOneByOrFail({ id: productId })).averageReview;

  it("adds a review under the account's own name and moves the product's average", async () => {
    const product = await createTestProduct(shop.dataSource);
    const first = await signedInShopper();
    const second = await signedInShopper();

    const added = await review(first.cookie, {
      productId: product.id,
      userId: first.account.user.id,
      userName: 'Someone Else',
      reviewMessage: '  Lovely  ',
      reviewValue: 4,
    }).expect(201);
    expect(added.body.message).toBe(MESSAGES.review.added);
    expect(added.body.data).toMatchObject({
      productId: product.id,
      userId: first.account.user.id,
      userName: first.account.user.userName,
      reviewMessage: 'Lovely',
      reviewValue: 4,
    });
    expect(await averageOf(product.id)).toBe(4);

    await review(second.cookie, { productId: product.id, reviewMessage: 'Broke in a week', reviewValue: 1 }).expect(201);
    expect(await averageOf(product.id)).toBe(2.5);
    const shown = await request(shop.server).get(CATALOGUE_API.shopProduct(product.id)).expect(200);
    expect(shown.body.data.averageReview).toBe(2.5);

    const listed = (await request(shop.server).get(CATALOGUE_API.reviews(product.id)).expect(200)).body.data as ReviewView[];
    expect(listed.map((entry) => entry.reviewMessage)).toEqual(['Broke in a week', 'Lovely']);
  });

  it('keeps HTML in a review as the text the shopper typed', async () => {
    const product = await createTestProduct(shop.dataSource);
    const { cookie } = await signedInShopper();
    const message = '<script>alert("jambo")</script><b>bold</b> & fun';
    await review(cookie, { productId: product.id, reviewMessage: message, reviewValue: 5 }).expect(201);
    const listed = (await request(shop.server).get(CATALOGUE_API.reviews(product.id)).expect(200)).body.data as ReviewView[];
    expect(listed[0]!.reviewMessage).toBe(message);
  });

  it('counts every review when many shoppers review one product at once', async () => {
    const product = await createTestProduct(shop.dataSource);
    const shoppers = await Promise.all(Array.from({ length: 8 }, signedInShopper));
    const values = [5, 4, 3, 5, 1, 2, 5, 4];
    await Promise.all(
      shoppers.map(({ cookie }, index) =>
        review(cookie, { productId: product.id, reviewMessage: `Review ${index}`, reviewValue: values[index] }).expect(201),
      ),
    );
    expect(await averageOf(product.id)).toBe(Number((values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(2)));
  });

  describe('refuses, writing nothing', () => {
    let product: Product;
    let shopper: SignedInAccount;
    const reviewCount = () => shop.dataSource.getRepository(Review).countBy({ productId: product.id });

    beforeAll(async () => {
      product = await createTestProduct(shop.dataSource);
      shopper = await signedInShopper();
    });

    it.each<[string, object, string]>([
      ['no rating', { reviewMessage: 'Nice' }, MESSAGES.review.ratingRequired],
      ['a rating of 0', { reviewMessage: 'Nice', reviewValue: 0 }, MESSAGES.review.ratingRequired],
      ['a rating of 6', { reviewMessage: 'Nice', reviewValue: 6 }, MESSAGES.review.ratingRequired],
      ['a rating of 3.5', { reviewMessage: 'Nice', reviewValue: 3.5 }, MESSAGES.review.ratingRequired],
      ['a blank message', { reviewMessage: '   ', reviewValue: 3 }, MESSAGES.review.messageRequired],
      [
        'a message of 1001 characters',
        { reviewMessage: 'x'.repeat(LIMITS.reviewMessageMaxLength + 1), reviewValue: 3 },
        MESSAGES.review.messageTooLong(LIMITS.reviewMessageMaxLength),
      ],
      // class-validator's MaxLength counted each 'x' + U+FE0F as one character; the VARCHAR(1000) column counts two.
      [
        'a message of 1000 emoji presentation pairs',
        { reviewMessage: 'x\uFE0F'.repeat(LIMITS.reviewMessageMaxLength), reviewValue: 3 },
        MESSAGES.review.messageTooLong(LIMITS.reviewMessageMaxLength),
      ],
      [
        'a product id beyond INT UNSIGNED',
        { productId: LIMITS.idMax + 1, reviewMessage: 'Nice', reviewValue: 3 },
        MESSAGES.products.invalidId,
      ],
    ])('%s', async (_rule, body, message) => {
      expect((await review(shopper.cookie, { productId: product.id, ...body }).expect(400)).body.message).toBe(message);
      expect(await reviewCount()).toBe(0);
    });

    it('a second review by the same shopper', async () => {
      await review(shopper.cookie, { productId: product.id, reviewMessage: 'First', reviewValue: 5 }).expect(201);
      expect(
        (await review(shopper.cookie, { productId: product.id, reviewMessage: 'Second', reviewValue: 1 }).expect(409)).body.message,
      ).toBe(MESSAGES.review.alreadyReviewed);
      expect(await reviewCount()).toBe(1);
      expect(await averageOf(product.id)).toBe(5);
    });

    it('a review of an unknown or retired product', async () => {
      expect(
        (await review(shopper.cookie, { productId: 999_999_999, reviewMessage: 'Hmm', reviewValue: 3 }).expect(404)).body.message,
      ).toBe(MESSAGES.products.notFound);
      const retired = await createTestProduct(shop.dataSource);
      await shop.dataSource.getRepository(Product).softDelete({ id: retired.id });
      await review(shopper.cookie, { productId: retired.id, reviewMessage: 'Hmm', reviewValue: 3 }).expect(404);
      await request(shop.server).get(CATALOGUE_API.reviews(retired.id)).expect(404);
    });

    it("a review in another shopper's name, and one by a guest", async () => {
      const other = await createTestAccount(shop.dataSource);
      expect(
        (await review(shopper.cookie, { productId: product.id, userId: other.user.id, reviewMessage: 'Fake', reviewValue: 5 }).expect(403))
          .body.message,
      ).toBe(MESSAGES.auth.notYourAccount);
      await request(shop.server)
        .post(CATALOGUE_API.addReview)
        .send({ productId: product.id, reviewMessage: 'Guest', reviewValue: 5 })
        .expect(401);
    });
  });
});
