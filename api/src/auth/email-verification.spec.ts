import request from 'supertest';
import { ACCOUNT_API, MESSAGES, RATE_LIMITS } from '@shop/contracts';
import { AccountToken, User } from '@shop/db';
import type { RunningSandbox } from '@shop/sandbox';
import { refusalAnswer, startIdentitySandbox, testConfig } from '@shop/testing';
import { accountMailEvents, mailedToken, newClientAddress, registerShopper } from '../account/account-test-kit.js';
import { startTestApi, type TestApi } from '../testing/test-api.js';

describe('e-mail verification', () => {
  let api: TestApi;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    const identity = await startIdentitySandbox();
    sandbox = identity.sandbox;
    api = await startTestApi(testConfig({ ...identity.configOverrides, TRUST_PROXY_HOPS: '1' }));
  });
  afterAll(async () => {
    await api?.app.close();
    await sandbox?.close();
  });

  const verify = (token: unknown, clientAddress = newClientAddress()) =>
    request(api.server).post(ACCOUNT_API.verifyEmail).set('X-Forwarded-For', clientAddress).send({ token });
  const verifiedAt = async (userId: number) => (await api.dataSource.getRepository(User).findOneByOrFail({ id: userId })).emailVerifiedAt;

  it('records a verification mail with the registration, and lets the unverified shopper shop', async () => {
    const shopper = await registerShopper(api.server);
    expect(await accountMailEvents(api.dataSource, shopper.user.id)).toEqual([{ kind: 'emailVerification', userId: shopper.user.id }]);
    expect(await verifiedAt(shopper.user.id)).toBeNull();
    await request(api.server).get(`/api/shop/cart/get/${shopper.user.id}`).set('Cookie', shopper.cookie).expect(200);
    const profile = await request(api.server).get(ACCOUNT_API.profile).set('Cookie', shopper.cookie).expect(200);
    expect(profile.body.data).toMatchObject({ emailVerified: false, hasPassword: true, googleLinked: false });
  });

  it('verifies the address with the link once; the same link a second time is refused with a 400', async () => {
    const shopper = await registerShopper(api.server);
    const token = await mailedToken(api.dataSource, shopper.user.id, 'emailVerification');
    // Public: the link may be opened in a browser without the session.
    expect((await verify(token).expect(200)).body).toEqual({ success: true, message: MESSAGES.account.emailVerified, data: null });
    expect(await verifiedAt(shopper.user.id)).toBeInstanceOf(Date);
    expect((await verify(token).expect(400)).body).toEqual(refusalAnswer('LINK_INVALID', MESSAGES.account.linkInvalid));
  });

  it('refuses an expired link with a 400', async () => {
    const shopper = await registerShopper(api.server);
    const token = await mailedToken(api.dataSource, shopper.user.id, 'emailVerification');
    await api.dataSource.getRepository(AccountToken).update({ userId: shopper.user.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await verify(token).expect(400)).body).toEqual(refusalAnswer('LINK_INVALID', MESSAGES.account.linkInvalid));
    expect(await verifiedAt(shopper.user.id)).toBeNull();
  });

  it('refuses a reset link, an older link after a newer one, and a made-up one, all with a 400 in the same words', async () => {
    const shopper = await registerShopper(api.server);
    const resetLink = await mailedToken(api.dataSource, shopper.user.id, 'passwordReset');
    const older = await mailedToken(api.dataSource, shopper.user.id, 'emailVerification');
    const newest = await mailedToken(api.dataSource, shopper.user.id, 'emailVerification');
    for (const token of [resetLink, older, 'x'.repeat(43)]) {
      expect((await verify(token).expect(400)).body).toEqual(refusalAnswer('LINK_INVALID', MESSAGES.account.linkInvalid));
    }
    // What is no token at all is refused by the form's rules, in the same words.
    for (const token of ['', 42]) {
      expect((await verify(token).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.account.linkInvalid });
    }
    expect(await verifiedAt(shopper.user.id)).toBeNull();
    await verify(newest).expect(200);
  });

  it('mails a new link on request, refuses an already verified account with a 409, and needs a session', async () => {
    const shopper = await registerShopper(api.server);
    const resent = await request(api.server).post(ACCOUNT_API.resendVerification).set('Cookie', shopper.cookie).expect(200);
    expect(resent.body).toEqual({ success: true, message: MESSAGES.account.verificationSent, data: null });
    expect(await accountMailEvents(api.dataSource, shopper.user.id)).toEqual([
      { kind: 'emailVerification', userId: shopper.user.id },
      { kind: 'emailVerification', userId: shopper.user.id },
    ]);
    await verify(await mailedToken(api.dataSource, shopper.user.id, 'emailVerification')).expect(200);
    const refused = await request(api.server).post(ACCOUNT_API.resendVerification).set('Cookie', shopper.cookie).expect(409);
    expect(refused.body).toEqual(refusalAnswer('ALREADY_VERIFIED', MESSAGES.account.alreadyVerified));
    expect(await accountMailEvents(api.dataSource, shopper.user.id)).toHaveLength(2);
    await request(api.server).post(ACCOUNT_API.resendVerification).expect(401);
  });

  it(`refuses a resend past ${RATE_LIMITS.verificationMailsPerAccount.points} an hour per account with a 429, recording no more mails`, async () => {
    const shopper = await registerShopper(api.server);
    for (let resend = 0; resend < RATE_LIMITS.verificationMailsPerAccount.points; resend += 1) {
      await request(api.server).post(ACCOUNT_API.resendVerification).set('Cookie', shopper.cookie).expect(200);
    }
    const refused = await request(api.server).post(ACCOUNT_API.resendVerification).set('Cookie', shopper.cookie).expect(429);
    expect(refused.body.message).toMatch(/^We have sent several links already\. .* in \d+ minutes\.$/);
    expect(await accountMailEvents(api.dataSource, shopper.user.id)).toHaveLength(1 + RATE_LIMITS.verificationMailsPerAccount.points);
    // Another account is not held up by this one's limit.
    const other = await registerShopper(api.server);
    await request(api.server).post(ACCOUNT_API.resendVerification).set('Cookie', other.cookie).expect(200);
  });

  it(`refuses link uses past ${RATE_LIMITS.emailLinkUsesPerClientAddress.points} from one client address with a 429`, async () => {
    const clientAddress = newClientAddress();
    for (let attempt = 0; attempt < RATE_LIMITS.emailLinkUsesPerClientAddress.points; attempt += 1)
      await verify(`guess-${attempt}`, clientAddress).expect(400);
    const shopper = await registerShopper(api.server);
    const token = await mailedToken(api.dataSource, shopper.user.id, 'emailVerification');
    expect((await verify(token, clientAddress).expect(429)).body.message).toMatch(/^Too many attempts with e-mailed links/);
    expect(await verifiedAt(shopper.user.id)).toBeNull();
    await verify(token).expect(200);
  });

  it('lets Google link to a password account once its owner has verified the e-mail, not before', async () => {
    const shopper = await registerShopper(api.server);
    const idToken = async (subject: string) => {
      const response = await fetch(`${sandbox.issuer}/control/id-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ claims: { sub: subject, email: shopper.email, email_verified: true, name: 'Njeri' } }),
      });
      return ((await response.json()) as { idToken: string }).idToken;
    };
    const subject = `sandbox-verified-${shopper.user.id}`;
    const early = await request(api.server)
      .post('/api/auth/social-login')
      .send({ token: await idToken(subject) })
      .expect(403);
    expect(early.body.message).toBe(MESSAGES.googleSignIn.passwordAccountExists);

    await verify(await mailedToken(api.dataSource, shopper.user.id, 'emailVerification')).expect(200);
    const linked = await request(api.server)
      .post('/api/auth/social-login')
      .send({ token: await idToken(subject) })
      .expect(200);
    expect(linked.body.user).toEqual(shopper.user);
    expect((await api.dataSource.getRepository(User).findOneByOrFail({ id: shopper.user.id })).googleSubject).toBe(subject);
  });
});
