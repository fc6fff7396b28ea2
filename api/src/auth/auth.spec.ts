import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@shop/config';
import { LIMITS, MESSAGES, RATE_LIMITS, SESSION_TRANSPORT_HEADER } from '@shop/contracts';
import { Session, User } from '@shop/db';
import { REDIS_CLIENT } from '@shop/infrastructure';
import { LISTED_TEST_ACCOUNTS, type RunningSandbox } from '@shop/sandbox';
import { createTestAccount, refusalAnswer, sessionCookieOf, startIdentitySandbox, TEST_PUBLIC_URL, testConfig } from '@shop/testing';
import { sessionTokenHash } from '../access/session-token.js';
import { AppModule } from '../app.module.js';
import { configureApp } from '../app.setup.js';
import { SIGN_IN_ATTEMPT_TTL_SECONDS } from './google-identity.service.js';

type SandboxChoice = { accountId: string } | { name: string; email: string } | 'cancel';

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  return (response.headers['set-cookie'] as string[] | undefined) ?? [];
}

function sessionCookieIn(response: { headers: Record<string, unknown> }): string | undefined {
  return setCookies(response).find((line) => line.startsWith('toyduka_session='));
}

describe('auth', () => {
  let api: INestApplication;
  let server: Server;
  let sandbox: RunningSandbox;
  let dataSource: DataSource;
  let config: AppConfig;
  let nextAddress = 0;
  /** Each test signs in from its own client address, so address throttling of one never meets another. */
  const fromAddress = () => {
    nextAddress += 1;
    return `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  };

  beforeAll(async () => {
    const identity = await startIdentitySandbox();
    sandbox = identity.sandbox;
    config = testConfig({ ...identity.configOverrides, TRUST_PROXY_HOPS: '1' });
    api = configureApp(await NestFactory.create(AppModule.register(config), { logger: false }), config);
    await api.init();
    server = api.getHttpServer();
    dataSource = api.get(DataSource);
  });

  afterAll(async () => {
    await api?.close();
    await sandbox?.close();
  });

  const userCount = () => dataSource.getRepository(User).count();
  const signIn = (address: string, credentials: { email: string; password: string }) =>
    request(server).post('/api/auth/login').set('X-Forwarded-For', address).send(credentials);

  /** Drives "Continue with Google" like a browser: api → sandbox chooser → api callback. */
  async function signInWithGoogle(
    choice: SandboxChoice,
    returnTo = '/shop/listing',
  ): Promise<{ location: string; sessionCookie: string | undefined }> {
    const start = await request(server).get('/api/auth/google').set('X-Forwarded-For', fromAddress()).query({ returnTo }).expect(302);
    const stateCookie = setCookies(start)
      .find((line) => line.startsWith('toyduka_google_state='))!
      .split(';')[0]!;
    const jar = new Map<string, string>();
    const visit = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...init.headers, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=') as [string, string];
        jar.set(name, value);
      }
      return response;
    };

    let location = start.headers.location as string;
    expect(location.startsWith(sandbox.issuer)).toBe(true);
    for (let hops = 0; !location.startsWith(TEST_PUBLIC_URL); hops += 1) {
      if (hops > 10) throw new Error(`no way back to the shop from ${location}`);
      const url = new URL(location, sandbox.url).href;
      let response = await visit(url);
      if (response.status === 200) {
        expect(await response.text()).toContain('Choose an account');
        const form = choice === 'cancel' ? {} : choice;
        response = await visit(`${url}/${choice === 'cancel' ? 'abort' : 'login'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form as Record<string, string>).toString(),
        });
      }
      location = response.headers.get('location')!;
    }
    const callback = new URL(location);
    const finish = await request(server).get(`${callback.pathname}${callback.search}`).set('Cookie', stateCookie).expect(302);
    return { location: finish.headers.location as string, sessionCookie: sessionCookieIn(finish)?.split(';')[0] };
  }

  describe('register', () => {
    it('creates a shopper, signs them in with an httpOnly SameSite=Lax cookie and stores an argon2id hash', async () => {
      const mailbox = `wanjiru.${Date.now()}`;
      const response = await request(server)
        .post('/api/auth/register')
        .send({ userName: '  Wanjiru  ', email: ` ${mailbox.toUpperCase()}@Example.TEST `, password: 'twiga-safari-1' })
        .expect(201);

      expect(response.body).toEqual({
        success: true,
        message: MESSAGES.registration.succeeded,
        user: { id: expect.any(Number), userName: 'Wanjiru', email: `${mailbox}@example.test`, role: 'user' },
      });
      const cookie = sessionCookieIn(response)!;
      expect(cookie).toMatch(/^toyduka_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');
      const stored = await dataSource.getRepository(User).findOneByOrFail({ email: `${mailbox}@example.test` });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored.emailVerifiedAt).toBeNull();
      const check = await request(server).get('/api/auth/check-auth').set('Cookie', cookie.split(';')[0]!).expect(200);
      expect(check.body.user.id).toBe(response.body.user.id);
    });

    it('refuses a second account for the same e-mail, whatever its case', async () => {
      const mailbox = `baraka.${Date.now()}`;
      await request(server)
        .post('/api/auth/register')
        .send({ userName: 'Baraka', email: `${mailbox}@example.test`, password: 'password-one' })
        .expect(201);
      const before = await userCount();
      const response = await request(server)
        .post('/api/auth/register')
        .send({ userName: 'Baraka 2', email: `${mailbox.toUpperCase()}@example.test`, password: 'password-two' })
        .expect(409);
      expect(response.body).toEqual(refusalAnswer('EMAIL_TAKEN', MESSAGES.registration.emailTaken));
      expect(await userCount()).toBe(before);
    });

    it.each([
      ['no user name', { email: 'a@example.test', password: 'long-enough' }, MESSAGES.registration.userNameRequired],
      ['a blank user name', { userName: '   ', email: 'a@example.test', password: 'long-enough' }, MESSAGES.registration.userNameRequired],
      [
        'an over-long user name',
        { userName: 'x'.repeat(101), email: 'a@example.test', password: 'long-enough' },
        MESSAGES.registration.userNameTooLong(100),
      ],
      // class-validator's MaxLength counted each 'x' + U+FE0F as one character; the VARCHAR(100) column counts two.
      [
        'a user name of 100 emoji presentation pairs',
        { userName: 'x\uFE0F'.repeat(100), email: 'a@example.test', password: 'long-enough' },
        MESSAGES.registration.userNameTooLong(100),
      ],
      // A lone surrogate is no character: isEmail's encodeURI threw a URIError on it, a 500.
      [
        'an e-mail holding a lone surrogate',
        { userName: 'Asha', email: 'asha\uD83E@example.test', password: 'long-enough' },
        MESSAGES.server.validationFailed,
      ],
      ['a malformed e-mail', { userName: 'Asha', email: 'not-an-email', password: 'long-enough' }, MESSAGES.login.invalidEmail],
      [
        'a 7-character password',
        { userName: 'Asha', email: 'a@example.test', password: 'seven77' },
        MESSAGES.registration.passwordTooShort(8),
      ],
      [
        'an over-long password',
        { userName: 'Asha', email: 'a@example.test', password: 'p'.repeat(129) },
        MESSAGES.registration.passwordTooLong(128),
      ],
      ['a numeric password', { userName: 'Asha', email: 'a@example.test', password: 12345678 }, MESSAGES.registration.passwordTooShort(8)],
      [
        'an unknown field',
        { userName: 'Asha', email: 'a@example.test', password: 'long-enough', role: 'admin' },
        MESSAGES.server.validationFailed,
      ],
    ])('answers 400 to %s and writes nothing', async (_case, body, message) => {
      const before = await userCount();
      const response = await request(server).post('/api/auth/register').send(body).expect(400);
      expect(response.body.message).toBe(message);
      expect(await userCount()).toBe(before);
    });

    it('refuses a registration past the limit from one client address within the hour with a 429 that says when, and lets other addresses register', async () => {
      const farm = fromAddress();
      const registration = () => ({
        userName: 'Farm',
        email: `farm-${randomBytes(6).toString('hex')}@example.test`,
        password: 'twiga-safari-1',
      });
      for (let account = 0; account < RATE_LIMITS.registrationsPerClientAddress.points; account += 1) {
        await request(server).post('/api/auth/register').set('X-Forwarded-For', farm).send(registration()).expect(201);
      }
      const sixth = registration();
      const refused = await request(server).post('/api/auth/register').set('X-Forwarded-For', farm).send(sixth).expect(429);
      const retryAfterSeconds = Number(refused.headers['retry-after']);
      expect(retryAfterSeconds).toBeGreaterThan(RATE_LIMITS.registrationsPerClientAddress.windowMs / 1000 - 120);
      expect(retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.registrationsPerClientAddress.windowMs / 1000);
      expect(refused.body).toEqual(
        refusalAnswer('RATE_LIMITED', MESSAGES.registration.tooManyRegistrations(retryAfterSeconds * 1000), {
          retryAfterS: expect.any(Number) as number,
        }),
      );
      expect(sessionCookieIn(refused)).toBeUndefined();
      expect(await dataSource.getRepository(User).existsBy({ email: sixth.email })).toBe(false);

      await request(server).post('/api/auth/register').set('X-Forwarded-For', fromAddress()).send(registration()).expect(201);
    });

    it('answers malformed JSON with a 400', async () => {
      const response = await request(server)
        .post('/api/auth/register')
        .set('Content-Type', 'application/json')
        .send('{"userName": "Asha",')
        .expect(400);
      expect(response.body).toEqual(
        refusalAnswer('VALIDATION_FAILED', MESSAGES.server.validationFailed, {
          fields: [{ field: 'request', message: MESSAGES.server.validationFailed }],
        }),
      );
    });
  });

  describe('login, check-auth and logout', () => {
    it('signs in with the password and answers check-auth with the user', async () => {
      const account = await createTestAccount(dataSource);
      const response = await request(server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', fromAddress())
        .send({ email: account.email.toUpperCase(), password: account.password })
        .expect(200);
      expect(response.body).toEqual({ success: true, message: MESSAGES.login.succeeded, user: account.user });
      const check = await request(server).get('/api/auth/check-auth').set('Cookie', sessionCookieIn(response)!.split(';')[0]!).expect(200);
      expect(check.body).toEqual({ success: true, user: account.user });
      expect(check.headers['cache-control']).toBe('no-store');
    });

    it('answers a wrong password and an unknown e-mail with the same words', async () => {
      const account = await createTestAccount(dataSource);
      const address = fromAddress();
      const wrongPassword = await request(server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', address)
        .send({ email: account.email, password: 'not-the-password' })
        .expect(401);
      const unknownEmail = await request(server)
        .post('/api/auth/login')
        .set('X-Forwarded-For', address)
        .send({ email: 'nobody@example.test', password: account.password })
        .expect(401);
      expect(wrongPassword.body).toEqual(refusalAnswer('INVALID_CREDENTIALS', MESSAGES.login.invalidCredentials));
      expect(unknownEmail.body).toEqual(wrongPassword.body);
      expect(sessionCookieIn(wrongPassword)).toBeUndefined();
    });

    it('answers check-auth without a session, or with a tampered one, 401 Not authenticated', async () => {
      const account = await createTestAccount(dataSource);
      const cookie = await sessionCookieOf(server, account);
      const tampered = `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const headers of [{}, { Cookie: tampered }, { Authorization: 'Bearer not-a-session' }]) {
        const response = await request(server).get('/api/auth/check-auth').set(headers).expect(401);
        expect(response.body).toEqual(refusalAnswer('NOT_AUTHENTICATED', MESSAGES.auth.notAuthenticated));
      }
    });

    it('ends the session a browser had when it signs in again', async () => {
      const [first, second] = [await createTestAccount(dataSource), await createTestAccount(dataSource)];
      const oldCookie = await sessionCookieOf(server, first);
      const response = await request(server)
        .post('/api/auth/login')
        .set('Cookie', oldCookie)
        .send({ email: second.email, password: second.password })
        .expect(200);
      expect(sessionCookieIn(response)).toBeDefined();
      await request(server).get('/api/auth/check-auth').set('Cookie', oldCookie).expect(401);
    });

    it('hands a bearer token instead of a cookie to a client that asks for one', async () => {
      const account = await createTestAccount(dataSource);
      const response = await request(server)
        .post('/api/auth/login')
        .set(SESSION_TRANSPORT_HEADER, 'bearer')
        .send({ email: account.email, password: account.password })
        .expect(200);
      expect(sessionCookieIn(response)).toBeUndefined();
      expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const check = await request(server).get('/api/auth/check-auth').set('Authorization', `Bearer ${response.body.token}`).expect(200);
      expect(check.body.user).toEqual(account.user);
    });

    it('logout revokes the session server-side, for the cookie and for bearer use alike', async () => {
      const account = await createTestAccount(dataSource);
      const cookie = await sessionCookieOf(server, account);
      const token = cookie.split('=')[1]!;
      const logout = await request(server).post('/api/auth/logout').set('Cookie', cookie).expect(200);
      expect(logout.body).toEqual({ success: true, message: MESSAGES.login.loggedOut });
      expect(setCookies(logout).find((line) => line.startsWith('toyduka_session=;'))).toContain('Expires=Thu, 01 Jan 1970');
      expect(await dataSource.getRepository(Session).existsBy({ tokenHash: sessionTokenHash(token) })).toBe(false);
      await request(server).get('/api/auth/check-auth').set('Cookie', cookie).expect(401);
      await request(server).get('/api/auth/check-auth').set('Authorization', `Bearer ${token}`).expect(401);
    });

    it('refuses an expired session and slides the expiry of one in use', async () => {
      const account = await createTestAccount(dataSource);
      const cookie = await sessionCookieOf(server, account);
      const tokenHash = sessionTokenHash(cookie.split('=')[1]!);
      const sessions = dataSource.getRepository(Session);

      await sessions.update(
        { tokenHash },
        { expiresAt: new Date(Date.now() + LIMITS.sessionIdleTimeoutMs - LIMITS.sessionRenewIntervalMs - 60_000) },
      );
      const used = await request(server).get('/api/auth/check-auth').set('Cookie', cookie).expect(200);
      expect(sessionCookieIn(used)).toContain('Max-Age=1209600');
      const slid = await sessions.findOneByOrFail({ tokenHash });
      expect(slid.expiresAt.getTime()).toBeGreaterThan(Date.now() + LIMITS.sessionIdleTimeoutMs - 60_000);

      await sessions.update({ tokenHash }, { expiresAt: new Date(Date.now() - 1000) });
      await request(server).get('/api/auth/check-auth').set('Cookie', cookie).expect(401);
    });
  });

  describe('throttling failed sign-ins', () => {
    it('stops an e-mail from one address after 5 failures, even with the right password, with a 429 and a clear message', async () => {
      const account = await createTestAccount(dataSource);
      const address = fromAddress();
      for (let attempt = 0; attempt < LIMITS.loginFailuresPerEmailFromAddress; attempt += 1) {
        await signIn(address, { email: account.email, password: `wrong-${attempt}` }).expect(401);
      }
      const blocked = await signIn(address, { email: account.email, password: account.password }).expect(429);
      expect(blocked.body).toEqual(
        refusalAnswer('RATE_LIMITED', MESSAGES.login.tooManyAttempts(15), { retryAfterS: expect.any(Number) as number }),
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(sessionCookieIn(blocked)).toBeUndefined();
    });

    it('counts parallel guesses before checking them: no more than the limit are checked, and the right password is then refused from that address', async () => {
      const account = await createTestAccount(dataSource);
      const attacker = fromAddress();
      const burst = 20;
      const guesses = await Promise.all(
        Array.from({ length: burst }, (_, guess) => signIn(attacker, { email: account.email, password: `guess-${guess}` })),
      );
      const statuses = guesses.map((guess) => guess.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(LIMITS.loginFailuresPerEmailFromAddress);
      expect(statuses.filter((status) => status === 429)).toHaveLength(burst - LIMITS.loginFailuresPerEmailFromAddress);
      await signIn(attacker, { email: account.email, password: account.password }).expect(429);
    });

    it("does not lock the owner out from their own address while a stranger's address is refused for their e-mail", async () => {
      const account = await createTestAccount(dataSource);
      const stranger = fromAddress();
      for (let attempt = 0; attempt < LIMITS.loginFailuresPerEmailFromAddress * 2; attempt += 1) {
        const guess = await signIn(stranger, { email: account.email, password: `wrong-${attempt}` });
        expect(guess.status).toBe(attempt < LIMITS.loginFailuresPerEmailFromAddress ? 401 : 429);
      }
      await signIn(stranger, { email: account.email, password: account.password }).expect(429);
      const owner = await signIn(fromAddress(), { email: account.email, password: account.password }).expect(200);
      expect(owner.body.user).toEqual(account.user);
    });

    it('stops an e-mail from every address once failures from many addresses pass the hourly ceiling', async () => {
      const account = await createTestAccount(dataSource);
      const perAddress = LIMITS.loginFailuresPerEmailFromAddress;
      for (let failures = 0; failures < LIMITS.loginFailuresPerEmail; failures += perAddress) {
        const address = fromAddress();
        const guesses = Math.min(perAddress, LIMITS.loginFailuresPerEmail - failures);
        await Promise.all(
          Array.from({ length: guesses }, (_, guess) =>
            signIn(address, { email: account.email, password: `wrong-${failures + guess}` }).expect(401),
          ),
        );
      }
      const blocked = await signIn(fromAddress(), { email: account.email, password: account.password }).expect(429);
      expect(blocked.body).toEqual(
        refusalAnswer('RATE_LIMITED', MESSAGES.login.tooManyAttempts(LIMITS.loginFailurePerEmailWindowMs / 60_000), {
          retryAfterS: expect.any(Number) as number,
        }),
      );
    });

    it('gives a right password its point back, so signing in often never counts against the address', async () => {
      const account = await createTestAccount(dataSource);
      const household = fromAddress();
      for (let visit = 0; visit <= LIMITS.loginFailuresPerAddress; visit += 1) {
        await signIn(household, { email: account.email, password: account.password }).expect(200);
      }
    });

    it('stops a client address after 20 failures across e-mails, and leaves other addresses alone', async () => {
      const address = fromAddress();
      for (let attempt = 0; attempt < LIMITS.loginFailuresPerAddress; attempt += 1) {
        await signIn(address, { email: `guess-${attempt}@example.test`, password: 'guessing' }).expect(401);
      }
      const account = await createTestAccount(dataSource);
      await signIn(address, { email: account.email, password: account.password }).expect(429);
      await signIn(fromAddress(), { email: account.email, password: account.password }).expect(200);
    });
  });

  describe('Continue with Google (browser flow through the local OpenID provider)', () => {
    it('sends the browser to the provider with PKCE, state, nonce and a forced account choice', async () => {
      const response = await request(server).get('/api/auth/google').expect(302);
      const target = new URL(response.headers.location as string);
      expect(target.href.startsWith(`${sandbox.issuer}/`)).toBe(true);
      expect(Object.fromEntries(target.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: 'toyduka-local-web',
        redirect_uri: `${TEST_PUBLIC_URL}/api/auth/google/callback`,
        code_challenge_method: 'S256',
        prompt: 'select_account',
        scope: 'openid email profile',
      });
      expect(target.searchParams.get('state')).toBeTruthy();
      expect(target.searchParams.get('nonce')).toBeTruthy();
      expect(setCookies(response).find((line) => line.startsWith('toyduka_google_state='))).toContain('HttpOnly');
    });

    it('creates the shopper on first use, signs them in and returns them to where they were going', async () => {
      const email = `new-google-${Date.now()}@gmail.test`;
      const { location, sessionCookie } = await signInWithGoogle({ name: 'Akinyi Google', email });
      expect(location).toBe('/auth/login?google=signed-in&returnTo=%2Fshop%2Flisting');
      const check = await request(server).get('/api/auth/check-auth').set('Cookie', sessionCookie!).expect(200);
      expect(check.body.user).toEqual({ id: expect.any(Number), userName: 'Akinyi Google', email, role: 'user' });
      const stored = await dataSource.getRepository(User).findOneByOrFail({ email });
      expect(stored.passwordHash).toBeNull();
      expect(stored.googleSubject).toMatch(/^sandbox-/);
      expect(stored.emailVerifiedAt).toBeInstanceOf(Date);

      const again = await signInWithGoogle({ name: 'Akinyi Google', email });
      const secondCheck = await request(server).get('/api/auth/check-auth').set('Cookie', again.sessionCookie!).expect(200);
      expect(secondCheck.body.user.id).toBe(check.body.user.id);
    });

    it('links to the existing account with the same e-mail once the shop knows its owner verified it', async () => {
      const account = await createTestAccount(dataSource);
      await dataSource.getRepository(User).update(account.user.id, { emailVerifiedAt: new Date() });
      const { sessionCookie } = await signInWithGoogle({ name: 'Same Person', email: account.email });
      const check = await request(server).get('/api/auth/check-auth').set('Cookie', sessionCookie!).expect(200);
      expect(check.body.user).toEqual(account.user);
      expect((await dataSource.getRepository(User).findOneByOrFail({ id: account.user.id })).googleSubject).toMatch(/^sandbox-/);
    });

    it('never links to a password account whose e-mail nobody verified, and the password still signs in', async () => {
      const account = await createTestAccount(dataSource);
      const { location, sessionCookie } = await signInWithGoogle({ name: 'Mailbox Owner', email: account.email });
      expect(location).toBe('/auth/login?googleError=passwordAccountExists');
      expect(sessionCookie).toBeUndefined();
      expect((await dataSource.getRepository(User).findOneByOrFail({ id: account.user.id })).googleSubject).toBeNull();
      await signIn(fromAddress(), { email: account.email, password: account.password }).expect(200);
    });

    it('refuses starts past the limit per client address with a 429 and stores no attempt; every key a start writes expires', async () => {
      const redis = api.get<Redis>(REDIS_CLIENT);
      const attemptKeys = () => redis.keys(`${config.REDIS_PREFIX}:google-sign-in:*`);
      const address = fromAddress();
      const start = () => request(server).get('/api/auth/google').set('X-Forwarded-For', address);
      const allowed = RATE_LIMITS.googleSignInStartsPerClientAddress.points;

      const before = (await attemptKeys()).length;
      // A return path past the cap is refused before anything is stored or counted.
      await start()
        .query({ returnTo: `/shop/${'x'.repeat(5000)}` })
        .expect(400);
      expect(await attemptKeys()).toHaveLength(before);
      for (let started = 0; started < allowed; started += 1) await start().expect(302);
      const stored = await attemptKeys();
      expect(stored).toHaveLength(before + allowed);

      const refused = await start().expect(429);
      expect(refused.body).toEqual(
        refusalAnswer('RATE_LIMITED', MESSAGES.server.tooManyRequestsFor(Number(refused.headers['retry-after']) * 1000), {
          retryAfterS: expect.any(Number) as number,
        }),
      );
      expect(refused.headers.location).toBeUndefined();
      expect(setCookies(refused)).toEqual([]);
      expect(await attemptKeys()).toHaveLength(before + allowed);

      const limitKeys = await redis.keys(`${config.REDIS_PREFIX}:limit:googleSignInStartsPerClientAddress:*`);
      expect(limitKeys.length).toBeGreaterThan(0);
      for (const key of stored) expect(await redis.ttl(key)).toBeGreaterThan(0);
      for (const key of stored) expect(await redis.ttl(key)).toBeLessThanOrEqual(SIGN_IN_ATTEMPT_TTL_SECONDS);
      for (const key of limitKeys) expect(await redis.ttl(key)).toBeGreaterThan(0);
    });

    it('refuses an account whose e-mail Google has not verified', async () => {
      const unverified = LISTED_TEST_ACCOUNTS.find((account) => !account.emailVerified)!;
      const before = await userCount();
      const { location, sessionCookie } = await signInWithGoogle({ accountId: unverified.accountId });
      expect(location).toBe('/auth/login?googleError=emailNotVerified');
      expect(sessionCookie).toBeUndefined();
      expect(await userCount()).toBe(before);
    });

    it('reports a cancelled sign-in', async () => {
      const { location, sessionCookie } = await signInWithGoogle('cancel');
      expect(location).toBe('/auth/login?googleError=cancelled');
      expect(sessionCookie).toBeUndefined();
    });

    it('refuses a callback whose state this browser did not start, and an open redirect target', async () => {
      const forged = await request(server)
        .get('/api/auth/google/callback?code=abc&state=someone-elses')
        .set('Cookie', 'toyduka_google_state=someone-elses')
        .expect(302);
      expect(forged.headers.location).toBe('/auth/login?googleError=failed');
      expect(sessionCookieIn(forged)).toBeUndefined();

      const { location } = await signInWithGoogle(
        { name: 'Redirect Probe', email: `probe-${Date.now()}@gmail.test` },
        '//evil.example/steal',
      );
      expect(location).toBe('/auth/login?google=signed-in');
    });
  });

  describe('social-login (an ID token the client brings)', () => {
    async function idToken(overrides: Record<string, unknown> = {}): Promise<string> {
      const response = await fetch(`${sandbox.issuer}/control/id-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          claims: {
            sub: `sandbox-social-${Date.now()}`,
            email: `social-${Date.now()}@gmail.test`,
            email_verified: true,
            name: 'Social Shopper',
          },
          ...overrides,
        }),
      });
      return ((await response.json()) as { idToken: string }).idToken;
    }

    it('signs in with a valid ID token from the configured issuer', async () => {
      const response = await request(server)
        .post('/api/auth/social-login')
        .send({ token: await idToken(), provider: 'google' })
        .expect(200);
      expect(response.body).toMatchObject({
        success: true,
        message: MESSAGES.login.succeeded,
        user: { userName: 'Social Shopper', role: 'user' },
      });
      expect(sessionCookieIn(response)).toContain('HttpOnly');
    });

    it.each([
      ['signed by a key the issuer never published', { signer: 'stranger' }],
      ['expired', { expiresInSeconds: -60 }],
      ['issued for another audience', { audience: 'someone-elses-client' }],
      ['from another issuer', { issuer: 'https://accounts.example.test' }],
    ])('refuses a token %s with a 401 and writes nothing', async (_case, overrides) => {
      const before = await userCount();
      const response = await request(server)
        .post('/api/auth/social-login')
        .send({ token: await idToken(overrides) })
        .expect(401);
      expect(response.body).toEqual(refusalAnswer('GOOGLE_TOKEN_REJECTED', MESSAGES.googleSignIn.tokenRejected));
      expect(sessionCookieIn(response)).toBeUndefined();
      expect(await userCount()).toBe(before);
    });

    it("refuses a token whose e-mail is an unverified password account's with a 403, and does not link it", async () => {
      const account = await createTestAccount(dataSource);
      const response = await request(server)
        .post('/api/auth/social-login')
        .send({ token: await idToken({ claims: { sub: `sandbox-claimant-${Date.now()}`, email: account.email, email_verified: true } }) })
        .expect(403);
      expect(response.body).toEqual(
        refusalAnswer('GOOGLE_SIGN_IN_REFUSED', MESSAGES.googleSignIn.passwordAccountExists, { reason: 'passwordAccountExists' }),
      );
      expect(sessionCookieIn(response)).toBeUndefined();
      expect((await dataSource.getRepository(User).findOneByOrFail({ id: account.user.id })).googleSubject).toBeNull();
    });

    it('refuses an unverified e-mail with a 403, and something that is not a token with a 400', async () => {
      const unverified = await request(server)
        .post('/api/auth/social-login')
        .send({ token: await idToken({ claims: { sub: 'sandbox-unverified', email: 'u@gmail.test', email_verified: false } }) })
        .expect(403);
      expect(unverified.body.message).toBe(MESSAGES.googleSignIn.emailNotVerified);
      const garbage = await request(server).post('/api/auth/social-login').send({ token: 'not a token' }).expect(400);
      expect(garbage.body.message).toBe(MESSAGES.googleSignIn.tokenRejected);
    });
  });
});

describe('auth while the identity provider cannot be reached', () => {
  it('says Google sign-in is unavailable, to the browser flow and to social-login, and the password still works', async () => {
    const config = testConfig({ OIDC_ISSUER_URL: 'http://127.0.0.1:9/oidc' });
    const api = configureApp(await NestFactory.create(AppModule.register(config), { logger: false }), config);
    await api.init();
    try {
      const server = api.getHttpServer();
      const start = await request(server).get('/api/auth/google').expect(302);
      expect(start.headers.location).toBe('/auth/login?googleError=unavailable');
      const social = await request(server)
        .post('/api/auth/social-login')
        .send({ token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' })
        .expect(503);
      expect(social.body).toEqual(refusalAnswer('GOOGLE_SIGN_IN_UNAVAILABLE', MESSAGES.googleSignIn.unavailable));
      const account = await createTestAccount(api.get(DataSource));
      await request(server).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
    } finally {
      await api.close();
    }
  });
});
