import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { NoSuchKey } from '@aws-sdk/client-s3';
import { LocalS3Server, testConfig } from '@shop/testing';
import { configuredImageStorage } from './configured-image-storage.js';
import { LocalDiskImageStorage } from './image-storage.js';
import { S3ImageStorage } from './s3-image-storage.js';

describe('S3ImageStorage', () => {
  let s3: LocalS3Server;
  let storage: S3ImageStorage;

  beforeAll(async () => {
    s3 = await LocalS3Server.start();
    storage = configuredImageStorage(testConfig(s3.settings)) as S3ImageStorage;
  });
  afterAll(() => s3?.stop());

  const uniqueKey = (extension: string) => `originals/${randomBytes(16).toString('hex')}.${extension}`;

  it('is what IMAGE_STORAGE=s3 configures, and local disk stays the default', () => {
    expect(storage).toBeInstanceOf(S3ImageStorage);
    expect(configuredImageStorage(testConfig())).toBeInstanceOf(LocalDiskImageStorage);
  });

  it('refuses a hand-made s3 config without a bucket', () => {
    expect(() => configuredImageStorage({ ...testConfig(s3.settings), S3_BUCKET: undefined })).toThrow(
      'S3_BUCKET is required when IMAGE_STORAGE=s3',
    );
  });

  it('gives back the bytes put under a key', async () => {
    const key = uniqueKey('png');
    const bytes = randomBytes(2048);
    await storage.put(key, bytes);
    expect((await storage.get(key)).equals(bytes)).toBe(true);
  });

  it('stores each object with its type and immutable caching, for browsers that load the bucket itself', async () => {
    const key = uniqueKey('webp');
    await storage.put(key, Buffer.from('webp bytes'));
    const direct = await fetch(`${s3.settings.S3_ENDPOINT}/${s3.settings.S3_BUCKET}/${key}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/webp');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('rejects a get of a key the bucket does not have', async () => {
    await expect(storage.get(uniqueKey('jpg'))).rejects.toBeInstanceOf(NoSuchKey);
  });

  it('opens an object as a stream with its type, length, ETag and Last-Modified', async () => {
    const key = uniqueKey('jpg');
    await storage.put(key, Buffer.from('jpeg bytes'));
    const opened = await storage.open(key);
    expect(opened).toMatchObject({
      contentType: 'image/jpeg',
      contentLength: 10,
      etag: expect.stringMatching(/^".+"$/),
      lastModified: expect.any(Date),
    });
    expect(await text(opened!.body)).toBe('jpeg bytes');
  });

  it.each([
    ['a key the bucket does not have', uniqueKey('jpg')],
    ['a key longer than S3 allows', `originals/${'a'.repeat(1100)}.jpg`],
  ])('opens %s as nothing', async (_case, key) => {
    await expect(storage.open(key)).resolves.toBeUndefined();
  });

  describe('addresses keys as local disk does, so a shop can move between them', () => {
    const localDisk = new LocalDiskImageStorage('.data/test-uploads');

    it.each([
      ['/uploads/originals/ab12.jpg', 'originals/ab12.jpg'],
      ['/uploads/derivatives/ab12/card.webp', 'derivatives/ab12/card.webp'],
      ['/uploads/../secret.jpg', undefined],
      ['/uploads/originals/../../other-bucket/x.jpg', undefined],
      ['/uploads/originals/%2e%2e/%2e%2e/other-bucket/x.jpg', undefined],
      ['/uploads/./originals/ab12.jpg', undefined],
      ['/uploads/.env', undefined],
      ['/uploads/originals//x.jpg', undefined],
      ['/uploads/', undefined],
      ['/elsewhere/originals/ab12.jpg', undefined],
      ['https://cdn.example.com/uploads/originals/ab12.jpg', undefined],
    ])('%s', (url, key) => {
      expect(storage.keyOf(url)).toBe(key);
      expect(localDisk.keyOf(url)).toBe(key);
      if (key) expect([storage.urlOf(key), localDisk.urlOf(key)]).toEqual([url, url]);
    });
  });
});
