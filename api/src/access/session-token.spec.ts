import { loadConfig } from '@shop/config';
import { sessionCookieOptions } from './session-token.js';

describe('the session cookie', () => {
  it('is Secure in production, and so when NODE_ENV is unset', () => {
    expect(sessionCookieOptions('production').secure).toBe(true);
    const unset = loadConfig({
      ADMIN_EMAIL: 'admin@example.co.ke',
      ADMIN_PASSWORD: 'long-enough',
      METRICS_TOKEN: 'a-long-unguessable-metrics-scrape-token',
      MPESA_BASE_URL: 'https://api.safaricom.co.ke',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '600000',
      MPESA_PASSKEY: 'passkey',
      MPESA_CALLBACK_TOKEN: 'a-long-unguessable-callback-token',
      MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.200',
      PAYPAL_BASE_URL: 'https://api-m.paypal.com',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'webhook',
      SHOP_PHONE: '+254 20 765 4321',
      SHOP_HOURS: 'Mon-Sat 6:30 AM - 6:00 PM',
      SHOP_ADDRESS: 'Biashara Street, Nairobi',
      AT_BASE_URL: 'https://api.africastalking.com',
      AT_USERNAME: 'toyduka',
      AT_API_KEY: 'at-key',
      AT_DELIVERY_REPORT_TOKEN: 'a-long-unguessable-delivery-report-token',
      SMTP_URL: 'smtps://orders:secret@smtp.example.co.ke:465',
      MAIL_FROM: 'Toy Duka <orders@example.co.ke>',
      SHOP_NOTIFY_PHONE: '+254712345678',
      SHOP_NOTIFY_EMAIL: 'shop@example.co.ke',
    });
    expect(sessionCookieOptions(unset.NODE_ENV).secure).toBe(true);
  });

  it('is sent over plain http only in development and test, which run on http://localhost', () => {
    expect(sessionCookieOptions('development').secure).toBe(false);
    expect(sessionCookieOptions('test').secure).toBe(false);
  });

  it('is httpOnly and SameSite=Lax everywhere', () => {
    for (const nodeEnv of ['development', 'test', 'production'] as const)
      expect(sessionCookieOptions(nodeEnv)).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
  });
});
