import { randomBytes } from 'node:crypto';
import { ConsoleLogger } from '@nestjs/common';
import request from 'supertest';
import { ACCOUNT_API, CATALOGUE_API, ERROR_STATUS, isErrorCode, ORDER_API, QUEUE_NAMES, SHOPPER_API } from '@shop/contracts';
import { createTestProduct, PARKLANDS, signedInAccount, type SignedInAccount } from '@shop/testing';
import { SESSION_COOKIE } from '../access/session-token.js';
import { SessionService } from '../access/session.service.js';
import { startPaymentStack, type PaymentStack } from '../testing/payment-stack.js';
import {
  casesFor,
  describeCase,
  discoverRoutes,
  fuzzClient,
  guestHeaderCases,
  isValidatorText,
  messageOf,
  textLengthRules,
  type FuzzAnswer,
  type FuzzBook,
  type FuzzCase,
  type FuzzRole,
  type FuzzRoute,
} from '../testing/route-fuzz.js';
import { testJpeg, uploadTestImage } from '../testing/test-api.js';

/** Enough to keep the api's pool and the database busy, not so many that rate limits are all a run sees. */
const CONCURRENCY = 12;

/** Who is refused at the door of a route: a 2xx for them is a hole whatever the request held. */
function refusedAtTheDoor(role: FuzzRole, route: FuzzRoute): boolean {
  if (route.audience === 'everyone') return false;
  if (role === 'guest') return true;
  return route.audience === 'admin' && role !== 'admin';
}

describe('every route, every caller, malformed input', () => {
  let stack: PaymentStack;
  let routes: FuzzRoute[];
  let books: Record<FuzzRole, FuzzBook>;
  let accounts: Record<Exclude<FuzzRole, 'guest'>, SignedInAccount>;

  beforeAll(async () => {
    stack = await startPaymentStack();
    routes = discoverRoutes(stack.api.app);
    const { server, dataSource } = stack;
    const send = (account: SignedInAccount) => ({
      post: (url: string, body: object) => request(server).post(url).set('Cookie', account.cookie).send(body),
    });

    const [shopper, otherShopper, admin] = await Promise.all([
      signedInAccount(server, dataSource),
      signedInAccount(server, dataSource),
      signedInAccount(server, dataSource, 'admin'),
    ]);
    accounts = { shopper, otherShopper, admin };
    const product = await createTestProduct(dataSource, { totalStock: 50 });
    const imageUrl = await uploadTestImage(server, admin.cookie, await testJpeg('route fuzz'));
    const featureImageId = (
      (await send(admin).post(CATALOGUE_API.addFeatureImage, { image: imageUrl }).expect(201)).body as { data: { id: number } }
    ).data.id;

    // Shopper A owns an address, a cart line, an order, a review and a wishlist entry: the other shopper aims at them.
    const place = {
      county: PARKLANDS.county,
      subCounty: PARKLANDS.subCounty,
      location: PARKLANDS.location,
      specificAddress: 'House 7, Tumaini Lane',
      phone: '0712 345 678',
    };
    const addressId = ((await send(shopper).post(SHOPPER_API.addAddress, place).expect(201)).body as { data: { id: number } }).data.id;
    await send(shopper).post(SHOPPER_API.addToCart, { productId: product.id, quantity: 1 }).expect(200);
    const orderId = ((await send(shopper).post(ORDER_API.createPaypalOrder, { addressId }).expect(201)).body as { orderId: number })
      .orderId;
    await send(shopper).post(SHOPPER_API.addToCart, { productId: product.id, quantity: 1 }).expect(200);
    await send(shopper).post(CATALOGUE_API.addReview, { productId: product.id, reviewMessage: 'Lovely', reviewValue: 5 }).expect(201);
    await send(shopper).post(SHOPPER_API.addToWishlist, { productId: product.id }).expect(200);
    // The other shopper has a cart of their own, so a checkout naming A's address is refused for the address, not an empty cart.
    await send(otherShopper).post(SHOPPER_API.addToCart, { productId: product.id, quantity: 1 }).expect(200);

    // Valid prices, so that a product's fuzzed text reaches its columns instead of the sale-price rule.
    const fields = {
      ...place,
      price: 1000,
      salePrice: 0,
      totalStock: 5,
      image: imageUrl,
      variations: [{ image: imageUrl, label: 'Red' }],
      password: `pw-${randomBytes(6).toString('hex')}`,
      token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      notifyBySms: true,
      notifyByEmail: true,
    };
    const params = {
      productId: product.id,
      addressId,
      orderId,
      featureImageId,
      keyword: 'wooden train',
      token: stack.config.MPESA_CALLBACK_TOKEN,
      attemptKey: randomBytes(16).toString('hex'),
      queue: QUEUE_NAMES[0]!,
      queueName: QUEUE_NAMES[0]!,
      jobId: 'outbox-1',
      queueStatus: 'failed',
      schedulerId: 'nightly',
      path: 'toy.jpg',
      clientPath: 'shop/home',
      product: product.id,
    };
    const bookOf = (account: SignedInAccount | undefined, foreignIds?: Record<string, number>): FuzzBook => ({
      params: { ...params, userId: account?.id ?? shopper.id },
      // The account's own e-mail confirms a deletion, so its requests reach the password check, which the book's password never passes.
      fields: {
        ...fields,
        productId: product.id,
        addressId,
        orderId,
        userId: account?.id ?? shopper.id,
        confirmEmail: (account ?? shopper).account.email,
      },
      foreignIds,
    });
    books = {
      guest: bookOf(undefined),
      shopper: bookOf(shopper),
      otherShopper: bookOf(otherShopper, { userId: shopper.id, addressId, orderId }),
      admin: bookOf(admin),
    };
  }, 120_000);
  afterAll(() => stack?.close());

  it('finds the routes in the running api, not in a list', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/shop/cart/add',
        'PUT /api/admin/products/edit{/:id}',
        'POST /api/shop/paypal-webhook',
        'GET /api/admin/queues/board/api/queues',
        `PATCH ${ACCOUNT_API.profile}`,
        `POST ${ACCOUNT_API.resetPassword}`,
      ]),
    );
    expect(routes.find((route) => route.path === ACCOUNT_API.deleteAccount)).toMatchObject({
      audience: 'signedIn',
      body: expect.any(Function),
    });
    expect(routes.find((route) => route.path === '/api/shop/cart/add')).toMatchObject({ audience: 'signedIn', body: expect.any(Function) });
    expect(routes.find((route) => route.path === '/api/admin/orders/get')).toMatchObject({
      audience: 'admin',
      query: expect.any(Function),
    });
  });

  it('counts every stored text as its column does, and allows no more than it holds', () => {
    // utf8mb4 VARCHAR(n) holds n code points; TEXT holds 65,535 bytes, four to a code point at worst.
    const columns = new Map<string, { table: string; characters: number }[]>();
    for (const entity of stack.dataSource.entityMetadatas) {
      for (const column of entity.columns) {
        const type = stack.dataSource.driver.normalizeType(column);
        const characters =
          type === 'varchar' || type === 'char' ? Number(column.length) : type === 'text' ? Math.floor(65_535 / 4) : undefined;
        if (characters)
          columns.set(column.propertyName, [...(columns.get(column.propertyName) ?? []), { table: entity.tableName, characters }]);
      }
    }
    const dtos = new Set(routes.map((route) => route.body).filter((dto) => dto !== undefined));
    const problems = [...dtos]
      .flatMap(textLengthRules)
      .flatMap(({ dto, field, rule, limit }) =>
        (columns.get(field) ?? []).flatMap(({ table, characters }) => [
          ...(rule === 'maxLength'
            ? [
                `${dto}.${field} counts with MaxLength (emoji presentation pairs as one) what ${table}.${field} counts by code point: use MaxCharacters`,
              ]
            : []),
          ...(limit > characters ? [`${dto}.${field} allows ${limit} characters, ${table}.${field} holds ${characters}`] : []),
        ]),
      );
    expect(problems).toEqual([]);
  });

  it('answers no 5xx, lets nobody act beyond their rights, and refuses in the catalogue’s words', async () => {
    const started = Date.now();
    const sessions = stack.api.app.get(SessionService);
    const client = fuzzClient(stack.server, CONCURRENCY);
    const failures: string[] = [];
    let sent = 0;
    let aimedAtShopperA = 0;
    try {
      // The other shopper goes before A, whose own requests may delete what the other shopper aims at; the admin, who may retire the product, goes last.
      for (const role of ['guest', 'otherShopper', 'shopper', 'admin'] as const) {
        for (const route of routes) {
          // A fresh session per route: a fuzzed logout or sign-in may end the one before.
          const cookie = role === 'guest' ? undefined : `${SESSION_COOKIE}=${(await sessions.start(accounts[role].id)).token}`;
          const cases = [...casesFor(route, { ...books[role], cookie }), ...(role === 'guest' ? guestHeaderCases(route) : [])];
          sent += cases.length;
          if (role === 'otherShopper') aimedAtShopperA += cases.filter((fuzzCase) => fuzzCase.foreign).length;
          await client.sendAll(cases, (fuzzCase: FuzzCase, answer: FuzzAnswer) => {
            const problem = judge(role, route, fuzzCase, answer);
            if (problem) failures.push(describeCase(role, fuzzCase, answer, problem));
          });
        }
      }
    } finally {
      client.close();
    }
    // The api's own logger is off in tests; the run's size is worth seeing beside its time.
    new ConsoleLogger('route fuzz').log(`${routes.length} routes, ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(failures).toEqual([]);
    // The other shopper's check held for requests that did name A's address, order and account.
    expect(aimedAtShopperA).toBeGreaterThan(100);
  }, 300_000);
});

/** What is wrong with an answer, if anything. */
function judge(role: FuzzRole, route: FuzzRoute, fuzzCase: FuzzCase, answer: FuzzAnswer): string | undefined {
  // -1: the server answered (413, 431) and closed while the body was still being written.
  if (answer.status === -1) return undefined;
  if (answer.status === 0) return 'no answer';
  if (answer.status >= 500) return 'server error';
  const succeeded = answer.status >= 200 && answer.status < 300;
  if (succeeded && refusedAtTheDoor(role, route)) return `${route.audience} route answered a ${role}`;
  if (succeeded && role === 'otherShopper' && fuzzCase.foreign) return "answered the other shopper about shopper A's data";
  // Queue names and job ids are Bull Board's own business; the api's ids are decimal digits only.
  if (succeeded && fuzzCase.notAnId && !route.owner.startsWith('mounted at ')) return 'took something other than decimal digits for an id';
  // Bull Board speaks for itself; the api's own refusals carry a code from the union and the catalogue's words.
  if (answer.status >= 400 && !route.owner.startsWith('mounted at ') && !answeredByNodeParser(fuzzCase, answer))
    return judgeRefusal(answer);
  return undefined;
}

/**
 * Node's HTTP parser answers, with an empty body, a request line it will not read: a target that is
 * no path (`0x10` for `/0x10`) or a URL over its 16 KB header limit. No code of the shop's runs.
 */
function answeredByNodeParser(fuzzCase: FuzzCase, answer: FuzzAnswer): boolean {
  if (answer.body !== '') return false;
  return answer.status === 431 || (answer.status === 400 && !fuzzCase.url.startsWith('/'));
}

/** What is wrong with a refusal of the api's own: it must name a code whose status it answers, and speak the catalogue's words. */
function judgeRefusal(answer: FuzzAnswer): string | undefined {
  const said = messageOf(answer);
  if (!said || said.success !== false || !isErrorCode(said.code)) return 'refused without a code from the union';
  if (ERROR_STATUS[said.code] !== answer.status) return `refused with ${said.code}, whose status is ${ERROR_STATUS[said.code]}`;
  if (typeof said.data !== 'object' || said.data === null) return 'refused without data';
  const fields = said.code === 'VALIDATION_FAILED' ? (said.data as { fields?: unknown }).fields : [];
  if (!Array.isArray(fields) || (said.code === 'VALIDATION_FAILED' && fields.length === 0))
    return 'refused as invalid without naming a field';
  const words = [said.message, ...fields.map((field) => (field as { message?: unknown }).message)];
  if (words.some((text) => typeof text !== 'string' || isValidatorText(text))) return 'refused in words not from the catalogue';
  return undefined;
}
