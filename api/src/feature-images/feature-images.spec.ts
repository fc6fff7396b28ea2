import request from 'supertest';
import { CATALOGUE_API, MESSAGES, type FeatureImage as FeatureImageView } from '@shop/contracts';
import { FeatureImage, ImageAsset } from '@shop/db';
import { createTestAccount, sessionCookieOf } from '@shop/testing';
import { testJpeg, uploadTestImage, useTestApi } from '../testing/test-api.js';

describe('feature images', () => {
  const shop = useTestApi();
  let adminCookie: string;
  let shopperCookie: string;

  beforeAll(async () => {
    const [admin, shopper] = await Promise.all([createTestAccount(shop.dataSource, 'admin'), createTestAccount(shop.dataSource)]);
    [adminCookie, shopperCookie] = await Promise.all([sessionCookieOf(shop.server, admin), sessionCookieOf(shop.server, shopper)]);
  });

  const listFor = async (cookie: string) =>
    (await request(shop.server).get(CATALOGUE_API.featureImages).set('Cookie', cookie).expect(200)).body.data as FeatureImageView[];

  it('lets the admin add uploads to the end of the carousel, which shoppers see, and remove them', async () => {
    const first = await uploadTestImage(shop.server, adminCookie, await testJpeg('banner-1', { width: 800, height: 300 }));
    const second = await uploadTestImage(shop.server, adminCookie, await testJpeg('banner-2', { width: 800, height: 300 }));
    const added = await request(shop.server)
      .post(CATALOGUE_API.addFeatureImage)
      .set('Cookie', adminCookie)
      .send({ image: first })
      .expect(201);
    expect(added.body).toMatchObject({ success: true, message: MESSAGES.featureImages.added, data: { image: { url: first } } });
    const { id: secondId } = (
      await request(shop.server).post(CATALOGUE_API.addFeatureImage).set('Cookie', adminCookie).send({ image: second }).expect(201)
    ).body.data as FeatureImageView;

    const urls = (await listFor(shopperCookie)).map((featureImage) => featureImage.image.url);
    expect(urls.indexOf(second)).toBeGreaterThan(urls.indexOf(first));

    const removed = await request(shop.server).delete(CATALOGUE_API.deleteFeatureImage(secondId)).set('Cookie', adminCookie).expect(200);
    expect(removed.body).toEqual({ success: true, message: MESSAGES.featureImages.deleted, data: { id: secondId } });
    expect((await listFor(adminCookie)).some((featureImage) => featureImage.id === secondId)).toBe(false);
    expect(
      (await request(shop.server).delete(CATALOGUE_API.deleteFeatureImage(secondId)).set('Cookie', adminCookie).expect(404)).body.message,
    ).toBe(MESSAGES.featureImages.notFound);
  });

  it('shows guests the carousel as shoppers see it, without why a picture failed', async () => {
    const image = await uploadTestImage(shop.server, adminCookie, await testJpeg('banner-guest', { width: 800, height: 300 }));
    const { id } = (await request(shop.server).post(CATALOGUE_API.addFeatureImage).set('Cookie', adminCookie).send({ image }).expect(201))
      .body.data as FeatureImageView;
    await shop.dataSource
      .getRepository(ImageAsset)
      .update({ url: image }, { status: 'failed', failureReason: 'Input image exceeds pixel limit' });

    const forGuest = (await request(shop.server).get(CATALOGUE_API.featureImages).expect(200)).body.data as FeatureImageView[];
    const forShopper = await listFor(shopperCookie);
    const forAdmin = await listFor(adminCookie);
    expect(forGuest).toEqual(forShopper);
    expect(forGuest.find((featureImage) => featureImage.id === id)?.image).toMatchObject({ url: image, status: 'failed' });
    expect(forGuest.find((featureImage) => featureImage.id === id)?.image).not.toHaveProperty('failureReason');
    expect(forAdmin.find((featureImage) => featureImage.id === id)?.image.failureReason).toBe('Input image exceeds pixel limit');

    await request(shop.server).delete(CATALOGUE_API.deleteFeatureImage(id)).set('Cookie', adminCookie).expect(200);
  });

  it.each(['0x10', '1e3', '%2B5', '%207', '7.0', '4294967296'])(
    'refuses to delete by the id %s, which is not decimal digits an id column holds',
    async (id) => {
      const before = await shop.dataSource.getRepository(FeatureImage).count();
      expect(
        (await request(shop.server).delete(CATALOGUE_API.deleteFeatureImage(id)).set('Cookie', adminCookie).expect(400)).body.message,
      ).toBe(MESSAGES.featureImages.notFound);
      expect(await shop.dataSource.getRepository(FeatureImage).count()).toBe(before);
    },
  );

  it('refuses shoppers and guests their changes, and images that were not uploaded', async () => {
    const image = await uploadTestImage(shop.server, adminCookie, await testJpeg('banner-3'));
    const before = await shop.dataSource.getRepository(FeatureImage).count();
    expect(
      (await request(shop.server).post(CATALOGUE_API.addFeatureImage).set('Cookie', shopperCookie).send({ image }).expect(403)).body
        .message,
    ).toBe(MESSAGES.auth.adminRequired);
    await request(shop.server).post(CATALOGUE_API.addFeatureImage).send({ image }).expect(401);
    expect(
      (
        await request(shop.server)
          .post(CATALOGUE_API.addFeatureImage)
          .set('Cookie', adminCookie)
          .send({ image: '/uploads/originals/none.jpg' })
          .expect(400)
      ).body.message,
    ).toBe(MESSAGES.products.imageNotUploaded);
    expect(
      (await request(shop.server).post(CATALOGUE_API.addFeatureImage).set('Cookie', adminCookie).send({}).expect(400)).body.message,
    ).toBe(MESSAGES.variation.imageRequired);
    const [existing] = await listFor(adminCookie);
    if (existing) await request(shop.server).delete(CATALOGUE_API.deleteFeatureImage(existing.id)).set('Cookie', shopperCookie).expect(403);
    expect(await shop.dataSource.getRepository(FeatureImage).count()).toBe(before);
  });
});
