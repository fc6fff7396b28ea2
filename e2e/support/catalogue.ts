import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { CATALOGUE_API, UPLOAD_FIELD, type ApiSuccess, type Product, type ProductInput, type UploadImageAnswer } from '@shop/contracts';
import { waitFor } from '@shop/testing';
import { createAccounts } from './accounts.js';
import { SHOP_URL } from './browser.js';

/** An account signed in through the api: an admin building the catalogue a browser test needs, or a shopper calling the shop as a browser would. */
export interface ApiSession {
  cookie: string;
}

async function answerOf<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { success?: boolean; message?: string }) | null;
  if (!response.ok || !body || body.success === false)
    throw new Error(`${what} answered ${response.status}: ${body?.message ?? 'no JSON'}`);
  return body;
}

/** Signs an admin in through the api: a fresh account unless one is given. */
export async function signInAsAdmin(account?: { email: string; password: string }): Promise<ApiSession> {
  return signInThroughApi(account ?? (await createAccounts('admin'))[0]);
}

/** Signs `account` in through the api's login route, as the sign-in form does. */
export async function signInThroughApi(account: { email: string; password: string }): Promise<ApiSession> {
  const response = await fetch(new URL('/api/auth/login', SHOP_URL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  await answerOf(response, 'login');
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (cookie === '') throw new Error('login answered without a session cookie');
  return { cookie };
}

let imagesMade = 0;

/**
 * A small square PNG unlike any other image, of this run or another: stored names are content
 * hashes, so two test files drawing the same picture would share (and could delete) one upload.
 */
function squareImage(): Promise<Buffer> {
  imagesMade += 1;
  const background = { r: (imagesMade * 67) % 256, g: (imagesMade * 151) % 256, b: (imagesMade * 199) % 256 };
  const mark = `<svg width="320" height="40"><text x="8" y="28" font-size="20" fill="white">${randomBytes(6).toString('hex')}</text></svg>`;
  return sharp({ create: { width: 320, height: 320, channels: 3, background } })
    .composite([{ input: Buffer.from(mark), top: 272, left: 0 }])
    .png()
    .toBuffer();
}

export async function uploadImage(session: ApiSession): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([new Uint8Array(await squareImage())], { type: 'image/png' }), 'toy.png');
  const response = await fetch(new URL(CATALOGUE_API.uploadImage, SHOP_URL), {
    method: 'POST',
    headers: { Cookie: session.cookie },
    body: form,
  });
  const answer = await answerOf<UploadImageAnswer>(response, 'image upload');
  return answer.result.url;
}

/** Adds a product with an image of its own (and any variations asked for, each with an image too). */
export async function addProduct(
  session: ApiSession,
  product: Omit<ProductInput, 'image' | 'variations'> & { variationLabels?: string[] },
): Promise<Product> {
  const { variationLabels = [], ...fields } = product;
  const image = await uploadImage(session);
  const variations = await Promise.all(variationLabels.map(async (label) => ({ label, image: await uploadImage(session) })));
  const response = await fetch(new URL(CATALOGUE_API.addProduct, SHOP_URL), {
    method: 'POST',
    headers: { Cookie: session.cookie, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...fields, image, variations } satisfies ProductInput),
  });
  return (await answerOf<ApiSuccess<Product>>(response, 'add product')).data;
}

/**
 * A toy added by an admin before the file's tests, once the image worker has made its picture's
 * derivatives (a page or a preview names them), and removed after them. Read `toy()` inside tests.
 */
export function useToyWithPicture(fields: Omit<ProductInput, 'image' | 'variations'>): { toy: () => Product; admin: () => ApiSession } {
  let session: ApiSession | undefined;
  let toy: Product | undefined;
  beforeAll(async () => {
    session = await signInAsAdmin();
    const added = await addProduct(session, fields);
    toy = await waitFor(
      'the toy’s picture derivatives',
      async () => {
        const answer = (await (await fetch(new URL(CATALOGUE_API.shopProduct(added.id), SHOP_URL))).json()) as ApiSuccess<Product>;
        return answer.data.image?.srcSet.length ? answer.data : undefined;
      },
      30_000,
    );
  });
  afterAll(async () => {
    if (toy && session)
      await fetch(new URL(CATALOGUE_API.deleteProduct(toy.id), SHOP_URL), { method: 'DELETE', headers: { Cookie: session.cookie } });
  });
  const present = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the toy and its admin exist only while the tests of its file run');
    return value;
  };
  return { toy: () => present(toy), admin: () => present(session) };
}
