import { Writable } from 'node:stream';
import request from 'supertest';
import { AUTH_API_PATHS, NOTIFICATION_API, ORDER_API } from '@shop/contracts';
import { newCallbackKey } from '@shop/db';
import { testConfig } from '@shop/testing';
import { startTestApi, type TestApi } from '../testing/test-api.js';
import { redactedUrl } from './log-redaction.js';

describe('secrets in the request log', () => {
  const config = testConfig({ LOG_LEVEL: 'info' });
  const lines: string[] = [];
  let api: TestApi;

  beforeAll(async () => {
    const log = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    api = await startTestApi(config, 0, { logDestination: log });
  });
  afterAll(() => api?.app.close());

  it("keeps neither the M-Pesa callback token, an attempt key, the delivery reports' token, nor OAuth code and state, while logging each request", async () => {
    const attemptKey = newCallbackKey();
    const oauthCode = 'oauth-code-that-must-not-be-logged';
    const oauthState = 'oauth-state-that-must-not-be-logged';
    await request(api.server)
      .post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN, attemptKey))
      .set('content-type', 'application/json')
      .send('{}');
    await request(api.server)
      .post(ORDER_API.mpesaStatusResult(config.MPESA_CALLBACK_TOKEN, attemptKey))
      .set('content-type', 'application/json')
      .send('{}');
    await request(api.server).post(ORDER_API.mpesaCallback(config.MPESA_CALLBACK_TOKEN)).set('content-type', 'application/json').send('{}');
    await request(api.server).get(`${AUTH_API_PATHS.googleCallback}?code=${oauthCode}&state=${oauthState}&scope=openid`);
    await request(api.server)
      .post(NOTIFICATION_API.africasTalkingDeliveryReport(config.AT_DELIVERY_REPORT_TOKEN))
      .type('form')
      .send({ id: 'ATXid_unknown', status: 'Success' });

    const logged = lines.join('');
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/shop/mpesa-callback/[redacted]/[redacted]',
        '/api/shop/mpesa-status-result/[redacted]/[redacted]',
        '/api/shop/mpesa-callback/[redacted]',
        `${AUTH_API_PATHS.googleCallback}?code=[redacted]&state=[redacted]&scope=openid`,
        NOTIFICATION_API.africasTalkingDeliveryReport('[redacted]'),
      ]),
    );
    for (const secret of [config.MPESA_CALLBACK_TOKEN, config.AT_DELIVERY_REPORT_TOKEN, attemptKey, oauthCode, oauthState])
      expect(logged).not.toContain(secret);
  });
});

describe('redactedUrl', () => {
  it.each([
    ['/api/shop/products/get?page=2&category=home', '/api/shop/products/get?page=2&category=home'],
    ['/api/auth/reset?TOKEN=abc&email=a%40b.co', '/api/auth/reset?TOKEN=[redacted]&email=a%40b.co'],
    ['/api/shop/mpesa-callback/', '/api/shop/mpesa-callback/'],
    ['/api/auth/google/callback?code', '/api/auth/google/callback?code'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});
