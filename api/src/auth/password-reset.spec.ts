import { createHash } from 'node:crypto';
import request from 'supertest';
import { IsNull, MoreThan } from 'typeorm';
import { ACCOUNT_API, JOBS, MESSAGES, RATE_LIMITS, SESSION_TRANSPORT_HEADER } from '@shop/contracts';
import { AccountToken, OutboxEvent, User } from '@shop/db';
import { liveClients, refusalAnswer, testConfig } from '@shop/testing';
import { accountMailEvents, mailedToken, newClientAddress, registerShopper } from '../account/account-test-kit.js';
import { useTestApi } from '../testing/test-api.js';

describe('forgot password and reset', () => {
  const api = useTestApi(testConfig({ TRUST_PROXY_HOPS: '1' }));
  const clients = liveClients();
  afterEach(() => clients.closeAll());

  const forgot = (email: string, clientAddress = newClientAddress()) =>
    request(api.server).post(ACCOUNT_API.forgotPassword).set('X-Forwarded-For', clientAddress).send({ email });
  const reset = (token: string, password: string, clientAddress = newClientAddress()) =>
    request(api.server).post(ACCOUNT_API.resetPassword).set('X-Forwarded-For', clientAddress).send({ token, password });
  const signIn = (email: string, password: string) =>
    request(api.server).post('/api/auth/login').set('X-Forwarded-For', newClientAddress()).send({ email, password });
  const checkAuth = (cookie: string) => request(api.server).get('/api/auth/check-auth').set('Cookie', cookie);
  const lastEventId = async () =>
    (await api.dataSource.getRepository(OutboxEvent).findOne({ where: {}, order: { id: 'DESC' } }))?.id ?? '0';
  const resetEventsSince = async (eventId: string) =>
    (await api.dataSource.getRepository(OutboxEvent).find({ where: { jobName: JOBS.notificationSend, id: MoreThan(eventId) } })).filter(
      (event) => (event.payload as { kind: string }).kind === 'passwordReset',
    );
  const resetAnswer = { success: true, message: MESSAGES.account.resetRequested, data: null };

  it('answers an existing e-mail and an unknown one identically, and records a reset mail only for the account', async () => {
    const shopper = await registerShopper(api.server);
    const before = await lastEventId();
    const unknown = await forgot(`nobody-${shopper.user.id}@example.test`).expect(200);
    expect(await resetEventsSince(before)).toEqual([]);

    // Typed as people type it: the lookup is by the normalised address.
    const known = await forgot(`  ${shopper.email.toUpperCase()} `).expect(200);
    expect(known.body).toEqual(resetAnswer);
    expect(unknown.body).toEqual(known.body);
    expect(
      Object.keys(unknown.headers)
        .filter((name) => name !== 'date' && name !== 'etag')
        .sort(),
    ).toEqual(
      Object.keys(known.headers)
        .filter((name) => name !== 'date' && name !== 'etag')
        .sort(),
    );
    expect((await accountMailEvents(api.dataSource, shopper.user.id)).filter((event) => event.kind === 'passwordReset')).toEqual([
      { kind: 'passwordReset', userId: shopper.user.id },
    ]);
  });

  it(`counts ${RATE_LIMITS.passwordResetRequestsPerEmail.points} requests an hour per e-mail whether or not an account has it, and refuses the next alike with a 429`, async () => {
    const shopper = await registerShopper(api.server);
    const unknownEmail = `nobody-else-${shopper.user.id}@example.test`;
    const refusals = [];
    for (const email of [shopper.email, unknownEmail]) {
      for (let request = 0; request < RATE_LIMITS.passwordResetRequestsPerEmail.points; request += 1) await forgot(email).expect(200);
      refusals.push((await forgot(email).expect(429)).body);
    }
    expect(refusals[0]).toEqual(
      refusalAnswer(
        'RATE_LIMITED',
        expect.stringMatching(/^Too many password reset requests\. Please try again in \d+ minutes\.$/) as string,
        {
          retryAfterS: expect.any(Number) as number,
        },
      ),
    );
    expect(refusals[1]).toEqual(refusals[0]);
    expect((await accountMailEvents(api.dataSource, shopper.user.id)).filter((event) => event.kind === 'passwordReset')).toHaveLength(
      RATE_LIMITS.passwordResetRequestsPerEmail.points,
    );
  });

  it(`refuses requests past ${RATE_LIMITS.passwordResetRequestsPerClientAddress.points} an hour from one client address, across e-mails`, async () => {
    const clientAddress = newClientAddress();
    for (let request = 0; request < RATE_LIMITS.passwordResetRequestsPerClientAddress.points; request += 1)
      await forgot(`sweep-${request}-${Date.now()}@example.test`, clientAddress).expect(200);
    const shopper = await registerShopper(api.server);
    const before = await lastEventId();
    await forgot(shopper.email, clientAddress).expect(429);
    expect(await resetEventsSince(before)).toEqual([]);
    await forgot(shopper.email).expect(200);
  });

  it('sets the new password with the link, ends every session and socket of the account, and verifies the e-mail', async () => {
    const shopper = await registerShopper(api.server);
    const otherBrowser = (await signIn(shopper.email, shopper.password).expect(200)).headers['set-cookie']![0]!.split(';')[0]!;
    const bearer = (
      await request(api.server)
        .post('/api/auth/login')
        .set(SESSION_TRANSPORT_HEADER, 'bearer')
        .send({ email: shopper.email, password: shopper.password })
        .expect(200)
    ).body.token as string;
    const socket = await clients.open(await api.app.getUrl(), { cookie: shopper.cookie }).connected();
    const bystander = await registerShopper(api.server);
    const verificationLink = await mailedToken(api.dataSource, shopper.user.id, 'emailVerification');
    const token = await mailedToken(api.dataSource, shopper.user.id, 'passwordReset');
    // Only the token's hash is stored: a leaked table opens nothing.
    const tokens = api.dataSource.getRepository(AccountToken);
    expect(await tokens.countBy({ tokenHash: token })).toBe(0);
    expect(await tokens.countBy({ userId: shopper.user.id, tokenHash: createHash('sha256').update(token).digest('hex') })).toBe(1);

    const answer = await reset(token, 'a brand new password').expect(200);
    expect(answer.body).toEqual({ success: true, message: MESSAGES.account.passwordReset, data: null });

    await checkAuth(shopper.cookie).expect(401);
    await checkAuth(otherBrowser).expect(401);
    await request(api.server).get('/api/auth/check-auth').set('Authorization', `Bearer ${bearer}`).expect(401);
    expect(await socket.closed()).toBe('io server disconnect');
    await checkAuth(bystander.cookie).expect(200);

    await signIn(shopper.email, shopper.password).expect(401);
    await signIn(shopper.email, 'a brand new password').expect(200);
    expect((await api.dataSource.getRepository(User).findOneByOrFail({ id: shopper.user.id })).emailVerifiedAt).toBeInstanceOf(Date);
    // The link works once, and the account's other links died with the old password.
    expect((await reset(token, 'yet another password').expect(400)).body).toEqual(
      refusalAnswer('LINK_INVALID', MESSAGES.account.linkInvalid),
    );
    await request(api.server).post(ACCOUNT_API.verifyEmail).send({ token: verificationLink }).expect(400);
    expect(await api.dataSource.getRepository(AccountToken).countBy({ userId: shopper.user.id, usedAt: IsNull() })).toBe(0);
  });

  it('refuses an expired link with a 400 and leaves the password as it was', async () => {
    const shopper = await registerShopper(api.server);
    const token = await mailedToken(api.dataSource, shopper.user.id, 'passwordReset');
    await api.dataSource
      .getRepository(AccountToken)
      .update({ userId: shopper.user.id, purpose: 'passwordReset' }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await reset(token, 'a brand new password').expect(400)).body).toEqual(
      refusalAnswer('LINK_INVALID', MESSAGES.account.linkInvalid),
    );
    await checkAuth(shopper.cookie).expect(200);
    await signIn(shopper.email, shopper.password).expect(200);
  });

  it('holds the new password to the registration rules, and a refused password leaves the link usable', async () => {
    const shopper = await registerShopper(api.server);
    const token = await mailedToken(api.dataSource, shopper.user.id, 'passwordReset');
    expect((await reset(token, 'short').expect(400)).body.message).toBe(MESSAGES.registration.passwordTooShort(8));
    expect((await reset(token, 'x'.repeat(129)).expect(400)).body.message).toBe(MESSAGES.registration.passwordTooLong(128));
    await reset(token, 'long enough now').expect(200);
  });

  it('gives an account that only ever used Google a password through the link', async () => {
    const email = `google-only-${Date.now()}@example.test`;
    const { id } = await api.dataSource.getRepository(User).save({
      userName: 'Wambui',
      email,
      passwordHash: null,
      role: 'user',
      googleSubject: `sandbox-only-${Date.now()}`,
      emailVerifiedAt: new Date(),
    });
    await forgot(email).expect(200);
    expect((await accountMailEvents(api.dataSource, id)).at(-1)).toEqual({ kind: 'passwordReset', userId: id });
    await reset(await mailedToken(api.dataSource, id, 'passwordReset'), 'her first password').expect(200);
    await signIn(email, 'her first password').expect(200);
  });

  it(`refuses resets past ${RATE_LIMITS.emailLinkUsesPerClientAddress.points} from one client address with a 429, before looking at the token`, async () => {
    const clientAddress = newClientAddress();
    for (let attempt = 0; attempt < RATE_LIMITS.emailLinkUsesPerClientAddress.points; attempt += 1)
      await reset(`guess-${attempt}`, 'a brand new password', clientAddress).expect(400);
    const shopper = await registerShopper(api.server);
    const token = await mailedToken(api.dataSource, shopper.user.id, 'passwordReset');
    await reset(token, 'a brand new password', clientAddress).expect(429);
    await signIn(shopper.email, shopper.password).expect(200);
  });
});
