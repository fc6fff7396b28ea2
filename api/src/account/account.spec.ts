import request from 'supertest';
import { ACCOUNT_API, CATALOGUE_API, LIMITS, MESSAGES, ORDER_API, SHOPPER_API, type AccountProfile } from '@shop/contracts';
import { AccountToken, Address, Cart, Order, Review, Session, User, WishlistItem } from '@shop/db';
import type { RunningSandbox } from '@shop/sandbox';
import { createTestProduct, liveClients, PARKLANDS, refusalAnswer, signedInAccount, startIdentitySandbox, testConfig } from '@shop/testing';
import { SessionService } from '../access/session.service.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';
import { mailedToken, newClientAddress, registerShopper, type RegisteredShopper } from './account-test-kit.js';

describe('the account page api', () => {
  let api: TestApi;
  let sandbox: RunningSandbox;
  const clients = liveClients();

  beforeAll(async () => {
    const identity = await startIdentitySandbox();
    sandbox = identity.sandbox;
    api = await startTestApi(testConfig({ ...identity.configOverrides, TRUST_PROXY_HOPS: '1' }));
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    await api?.app.close();
    await sandbox?.close();
  });

  const as = (shopper: Pick<RegisteredShopper, 'cookie' | 'clientAddress'>) => ({
    get: (url: string) => request(api.server).get(url).set('Cookie', shopper.cookie).set('X-Forwarded-For', shopper.clientAddress),
    post: (url: string, body: object) =>
      request(api.server).post(url).set('Cookie', shopper.cookie).set('X-Forwarded-For', shopper.clientAddress).send(body),
    patch: (url: string, body: object) =>
      request(api.server).patch(url).set('Cookie', shopper.cookie).set('X-Forwarded-For', shopper.clientAddress).send(body),
  });
  const signIn = (email: string, password: string) =>
    request(api.server).post('/api/auth/login').set('X-Forwarded-For', newClientAddress()).send({ email, password });
  const sessionCookie = (response: { headers: Record<string, unknown> }) =>
    (response.headers['set-cookie'] as string[]).find((line) => line.startsWith('toyduka_session='))!;
  const checkAuth = (cookie: string) => request(api.server).get('/api/auth/check-auth').set('Cookie', cookie);
  const users = () => api.dataSource.getRepository(User);

  describe('profile', () => {
    it("answers each signed-in person their own profile, and nobody else's: no route names an account", async () => {
      const [amina, baraka] = await Promise.all([registerShopper(api.server), registerShopper(api.server)]);
      const profile = await as(amina).get(ACCOUNT_API.profile).expect(200);
      expect(profile.body).toEqual({
        success: true,
        data: {
          userName: 'Njeri',
          email: amina.email,
          emailVerified: false,
          phone: null,
          notifyBySms: true,
          notifyByEmail: true,
          hasPassword: true,
          googleLinked: false,
        } satisfies AccountProfile,
      });
      expect((await as(baraka).get(ACCOUNT_API.profile).expect(200)).body.data.email).toBe(baraka.email);

      await as(baraka).patch(ACCOUNT_API.profile, { userName: 'Baraka' }).expect(200);
      expect((await users().findOneByOrFail({ id: amina.user.id })).userName).toBe('Njeri');
      // Naming Amina's account is refused at the door, by body or query, and changes nothing.
      expect(
        (await as(baraka).patch(ACCOUNT_API.profile, { userId: amina.user.id, userName: 'Taken over' }).expect(403)).body.message,
      ).toBe(MESSAGES.auth.notYourAccount);
      await as(baraka).patch(`${ACCOUNT_API.profile}?userId=${amina.user.id}`, { userName: 'Taken over' }).expect(200);
      expect((await users().findOneByOrFail({ id: amina.user.id })).userName).toBe('Njeri');
      expect((await as(amina).get(`${ACCOUNT_API.profile}?userId=${baraka.user.id}`).expect(200)).body.data.email).toBe(amina.email);
      await request(api.server).get(ACCOUNT_API.profile).expect(401);
      await request(api.server).patch(ACCOUNT_API.profile).send({ userName: 'Guest' }).expect(401);
    });

    it('stores the name, the phone as 2547…, and the message choices, and answers the updated profile', async () => {
      const shopper = await registerShopper(api.server);
      const updated = await as(shopper)
        .patch(ACCOUNT_API.profile, { userName: '  Njeri Wanjiku ', phone: '0712 345 678', notifyBySms: false })
        .expect(200);
      expect(updated.body).toEqual({
        success: true,
        message: MESSAGES.account.profileUpdated,
        data: expect.objectContaining({ userName: 'Njeri Wanjiku', phone: '254712345678', notifyBySms: false, notifyByEmail: true }),
      });
      expect(await users().findOneByOrFail({ id: shopper.user.id })).toMatchObject({
        userName: 'Njeri Wanjiku',
        phone: '254712345678',
        notifyBySms: false,
        notifyByEmail: true,
      });
      // A field left out stays; null takes the phone away.
      const cleared = await as(shopper).patch(ACCOUNT_API.profile, { phone: null, notifyByEmail: false }).expect(200);
      expect(cleared.body.data).toMatchObject({ userName: 'Njeri Wanjiku', phone: null, notifyBySms: false, notifyByEmail: false });
      expect((await checkAuth(shopper.cookie).expect(200)).body.user.userName).toBe('Njeri Wanjiku');
    });

    it.each([
      ['a phone that is no Kenyan mobile', { phone: '020 123 4567' }, MESSAGES.address.invalidPhone],
      ['a phone of letters', { phone: 'call me' }, MESSAGES.address.invalidPhone],
      ['a phone that is a number', { phone: 712345678 }, MESSAGES.address.invalidPhone],
      [
        'a name one over the limit',
        { userName: 'x'.repeat(LIMITS.userNameMaxLength + 1) },
        MESSAGES.registration.userNameTooLong(LIMITS.userNameMaxLength),
      ],
      ['a blank name', { userName: '   ' }, MESSAGES.registration.userNameRequired],
      ['no name at all', { userName: null }, MESSAGES.registration.userNameRequired],
      ['a message choice of null', { notifyByEmail: null }, MESSAGES.account.notifyChoiceInvalid],
      ['a message choice that is not true or false', { notifyBySms: 'yes' }, MESSAGES.account.notifyChoiceInvalid],
      ['a new e-mail address', { email: 'someone-else@example.test' }, MESSAGES.server.validationFailed],
    ])('refuses %s with a 400 and changes nothing', async (_case, body, message) => {
      const shopper = await registerShopper(api.server);
      expect((await as(shopper).patch(ACCOUNT_API.profile, body).expect(400)).body.message).toBe(message);
      expect(await users().findOneByOrFail({ id: shopper.user.id })).toMatchObject({
        userName: 'Njeri',
        email: shopper.email,
        phone: null,
        notifyBySms: true,
      });
    });
  });

  describe('change password', () => {
    it('needs the current password, then ends every other session and socket of the account but keeps this one', async () => {
      const shopper = await registerShopper(api.server);
      const otherDevice = sessionCookie(await signIn(shopper.email, shopper.password).expect(200)).split(';')[0]!;
      const otherSocket = await clients.open(await api.app.getUrl(), { cookie: otherDevice }).connected();
      const ownSocket = await clients.open(await api.app.getUrl(), { cookie: shopper.cookie }).connected();
      const resetLink = await mailedToken(api.dataSource, shopper.user.id, 'passwordReset');

      const wrong = await as(shopper)
        .post(ACCOUNT_API.changePassword, { currentPassword: 'not my password', newPassword: 'a brand new password' })
        .expect(400);
      expect(wrong.body).toEqual(refusalAnswer('CURRENT_PASSWORD_WRONG', MESSAGES.account.currentPasswordWrong));
      expect(
        (await as(shopper).post(ACCOUNT_API.changePassword, { currentPassword: shopper.password, newPassword: 'short' }).expect(400)).body
          .message,
      ).toBe(MESSAGES.registration.passwordTooShort(8));
      await checkAuth(otherDevice).expect(200);

      const changed = await as(shopper)
        .post(ACCOUNT_API.changePassword, { currentPassword: shopper.password, newPassword: 'a brand new password' })
        .expect(200);
      expect(changed.body).toEqual({ success: true, message: MESSAGES.account.passwordChanged, data: null });
      await checkAuth(shopper.cookie).expect(200);
      await checkAuth(otherDevice).expect(401);
      expect(await otherSocket.closed()).toBe('io server disconnect');
      expect(ownSocket.socket.connected).toBe(true);
      await signIn(shopper.email, shopper.password).expect(401);
      await signIn(shopper.email, 'a brand new password').expect(200);
      await request(api.server).post(ACCOUNT_API.resetPassword).send({ token: resetLink, password: 'somebody elses choice' }).expect(400);
    });

    it('counts wrong current passwords as failed sign-ins: past the limit even the right one is refused with a 429', async () => {
      const shopper = await registerShopper(api.server);
      for (let attempt = 0; attempt < LIMITS.loginFailuresPerEmailFromAddress; attempt += 1) {
        await as(shopper)
          .post(ACCOUNT_API.changePassword, { currentPassword: `guess ${attempt}`, newPassword: 'a brand new password' })
          .expect(400);
      }
      const refused = await as(shopper)
        .post(ACCOUNT_API.changePassword, { currentPassword: shopper.password, newPassword: 'a brand new password' })
        .expect(429);
      expect(refused.body.message).toMatch(/^Too many failed sign-in attempts/);
      await signIn(shopper.email, shopper.password).expect(200);
    });

    it('tells an account that only ever used Google to use "Forgot password", with a 409', async () => {
      const email = `google-only-${Date.now()}@example.test`;
      const saved = await users().save({
        userName: 'Wambui',
        email,
        passwordHash: null,
        role: 'user',
        googleSubject: `sandbox-change-${Date.now()}`,
        emailVerifiedAt: new Date(),
      });
      const cookie = await cookieOf(saved.id);
      const refused = await as({ cookie, clientAddress: newClientAddress() })
        .post(ACCOUNT_API.changePassword, { currentPassword: 'anything at all', newPassword: 'a brand new password' })
        .expect(409);
      expect(refused.body).toEqual(refusalAnswer('NO_PASSWORD_TO_CHANGE', MESSAGES.account.noPasswordToChange));
    });
  });

  /** A session for an account without a password, as a Google sign-in would start it. */
  async function cookieOf(userId: number): Promise<string> {
    const { token } = await api.app.get(SessionService).start(userId);
    return `toyduka_session=${token}`;
  }

  describe('delete my account', () => {
    /** A shopper with something of everything an account holds, and an order in the books. */
    async function busyShopper() {
      const shopper = await registerShopper(api.server);
      const product = await createTestProduct(api.dataSource, { totalStock: 20 });
      const place = {
        county: PARKLANDS.county,
        subCounty: PARKLANDS.subCounty,
        location: PARKLANDS.location,
        specificAddress: 'House 7, Tumaini Lane',
        phone: '0712 345 678',
      };
      const address = (await as(shopper).post(SHOPPER_API.addAddress, place).expect(201)).body.data as { id: number; address: string };
      await as(shopper).post(SHOPPER_API.addToCart, { productId: product.id, quantity: 1 }).expect(200);
      await as(shopper).post(SHOPPER_API.addToWishlist, { productId: product.id }).expect(200);
      await as(shopper).post(CATALOGUE_API.addReview, { productId: product.id, reviewMessage: 'Lovely train', reviewValue: 4 }).expect(201);
      await as(shopper).patch(ACCOUNT_API.profile, { phone: '0712 345 678' }).expect(200);
      await mailedToken(api.dataSource, shopper.user.id, 'passwordReset');
      const order = await api.dataSource.getRepository(Order).save({
        userId: shopper.user.id,
        orderStatus: 'delivered',
        paymentMethod: 'mpesa',
        paymentStatus: 'paid',
        subtotalAmount: 1000,
        deliveryFee: PARKLANDS.fee,
        totalAmount: 1000 + PARKLANDS.fee,
        addressInfo: {
          addressId: address.id,
          address: address.address,
          ...place,
          phone: '254712345678',
          notes: '',
          deliveryFee: PARKLANDS.fee,
        },
        pendingForUserId: null,
        reservationExpiresAt: null,
      });
      return { shopper, product, order };
    }

    it('erases the personal data in one go, keeps the order for the books and the review under a neutral name, and ends every session', async () => {
      const { shopper, product, order } = await busyShopper();
      const bystander = await busyShopper();
      const otherDevice = sessionCookie(await signIn(shopper.email, shopper.password).expect(200)).split(';')[0]!;
      const socket = await clients.open(await api.app.getUrl(), { cookie: otherDevice }).connected();

      const deleted = await as(shopper)
        .post(ACCOUNT_API.deleteAccount, { confirmEmail: ` ${shopper.email.toUpperCase()}`, password: shopper.password })
        .expect(200);
      expect(deleted.body).toEqual({ success: true, message: MESSAGES.account.deleted, data: null });
      expect(sessionCookie(deleted)).toMatch(/^toyduka_session=;.*Expires=Thu, 01 Jan 1970/);

      const id = shopper.user.id;
      expect(await users().findOneByOrFail({ id })).toMatchObject({
        userName: MESSAGES.account.deletedUserName,
        email: `deleted-${id}@deleted.invalid`,
        passwordHash: null,
        googleSubject: null,
        phone: null,
        notifyBySms: false,
        notifyByEmail: false,
        deletedAt: expect.any(Date),
      });
      for (const entity of [Address, Cart, WishlistItem, AccountToken, Session])
        expect(await api.dataSource.getRepository(entity).countBy({ userId: id })).toBe(0);
      await checkAuth(shopper.cookie).expect(401);
      await checkAuth(otherDevice).expect(401);
      expect(await socket.closed()).toBe('io server disconnect');
      // Even a session row that slipped in beside the deletion opens nothing.
      await checkAuth(await cookieOf(id)).expect(401);

      // The books: the admin still finds the order, its lines, total and delivery record.
      const admin = await signedInAccount(api.server, api.dataSource, 'admin');
      const books = await request(api.server).get(ORDER_API.adminOrder(order.id)).set('Cookie', admin.cookie).expect(200);
      expect(books.body.data).toMatchObject({
        id: order.id,
        userName: MESSAGES.account.deletedUserName,
        totalAmount: 1000 + PARKLANDS.fee,
        paymentStatus: 'paid',
      });
      const reviews = await request(api.server).get(CATALOGUE_API.reviews(product.id)).expect(200);
      expect(reviews.body.data).toEqual([expect.objectContaining({ userName: MESSAGES.account.deletedUserName, reviewValue: 4 })]);
      expect(await api.dataSource.getRepository(Review).countBy({ productId: product.id })).toBe(1);

      // Signing in with the old e-mail is answered like any unknown address; the address is free to register again.
      const refused = await signIn(shopper.email, shopper.password).expect(401);
      expect(refused.body.message).toBe((await signIn(`never-${id}@example.test`, shopper.password).expect(401)).body.message);
      await request(api.server)
        .post('/api/auth/register')
        .set('X-Forwarded-For', newClientAddress())
        .send({ userName: 'Njeri again', email: shopper.email, password: shopper.password })
        .expect(201);

      // The other shopper lost nothing.
      const other = bystander.shopper.user.id;
      for (const entity of [Address, Cart, WishlistItem])
        expect(await api.dataSource.getRepository(entity).countBy({ userId: other })).toBe(1);
      await checkAuth(bystander.shopper.cookie).expect(200);
      expect((await users().findOneByOrFail({ id: other })).email).toBe(bystander.shopper.email);
    });

    it.each([
      [
        'another e-mail as the confirmation',
        (shopper: RegisteredShopper) => ({ confirmEmail: `x${shopper.email}`, password: shopper.password }),
        400,
        MESSAGES.account.confirmEmailMismatch,
      ],
      ['no password', (shopper: RegisteredShopper) => ({ confirmEmail: shopper.email }), 400, MESSAGES.account.passwordRequiredToDelete],
      [
        'a wrong password',
        (shopper: RegisteredShopper) => ({ confirmEmail: shopper.email, password: 'not my password' }),
        400,
        MESSAGES.account.currentPasswordWrong,
      ],
    ])('refuses %s and keeps the account whole', async (_case, bodyOf, status, message) => {
      const shopper = await registerShopper(api.server);
      expect((await as(shopper).post(ACCOUNT_API.deleteAccount, bodyOf(shopper)).expect(status)).body.message).toBe(message);
      expect(await users().findOneByOrFail({ id: shopper.user.id })).toMatchObject({ email: shopper.email, deletedAt: null });
      await checkAuth(shopper.cookie).expect(200);
    });

    it('refuses an admin with a 409', async () => {
      const admin = await signedInAccount(api.server, api.dataSource, 'admin');
      const refused = await as({ cookie: admin.cookie, clientAddress: newClientAddress() })
        .post(ACCOUNT_API.deleteAccount, { confirmEmail: admin.account.email, password: admin.account.password })
        .expect(409);
      expect(refused.body.message).toBe(MESSAGES.account.adminCannotDelete);
      expect((await users().findOneByOrFail({ id: admin.id })).deletedAt).toBeNull();
    });

    it('deletes a Google-only account without a password; the same Google account then starts a new one', async () => {
      const subject = `sandbox-leaving-${Date.now()}`;
      const email = `leaving-${Date.now()}@gmail.test`;
      const idToken = async () => {
        const response = await fetch(`${sandbox.issuer}/control/id-tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ claims: { sub: subject, email, email_verified: true, name: 'Leaving Shopper' } }),
        });
        return ((await response.json()) as { idToken: string }).idToken;
      };
      const first = await request(api.server)
        .post('/api/auth/social-login')
        .send({ token: await idToken() })
        .expect(200);
      const cookie = sessionCookie(first).split(';')[0]!;
      expect((await as({ cookie, clientAddress: newClientAddress() }).get(ACCOUNT_API.profile).expect(200)).body.data).toMatchObject({
        hasPassword: false,
        googleLinked: true,
        emailVerified: true,
      });
      await as({ cookie, clientAddress: newClientAddress() }).post(ACCOUNT_API.deleteAccount, { confirmEmail: email }).expect(200);

      const again = await request(api.server)
        .post('/api/auth/social-login')
        .send({ token: await idToken() })
        .expect(200);
      expect(again.body.user.id).not.toBe(first.body.user.id);
      expect(again.body.user.email).toBe(email);
    });
  });
});
