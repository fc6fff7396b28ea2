import { ConfigError, DEFAULT_DATABASE_URL, GOOGLE_ISSUER_URL, SANDBOX_DARAJA_APP, SANDBOX_GOOGLE_CLIENT, SANDBOX_PAYPAL_APP, loadConfig } from './config.schema.js';

/** Real provider settings, as a production deployment would give them. */
const PRODUCTION_PAYMENTS = {
  MPESA_BASE_URL: 'https://api.safaricom.co.ke',
  MPESA_CONSUMER_KEY: 'key',
  MPESA_CONSUMER_SECRET: 'secret',
  MPESA_SHORTCODE: '600000',
  MPESA_PASSKEY: 'passkey',
  MPESA_CALLBACK_TOKEN: 'a-long-unguessable-callback-token',
  MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.200,196.201.214.206',
  PAYPAL_BASE_URL: 'https://api-m.paypal.com',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_WEBHOOK_ID: 'webhook',
};

describe('loadConfig', () => {
  it('fills the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBe(DEFAULT_DATABASE_URL);
    expect(config.PORT).toBe(3000);
    expect(config.WEB_ORIGINS).toEqual(['http://localhost:3000', 'http://localhost:5173']);
    expect([config.WORKERS_HEALTH_HOST, config.WORKERS_HEALTH_PORT]).toEqual(['127.0.0.1', 3001]);
  });

  it("opens the workers' health and metrics to a container's network when asked", () => {
    expect(loadConfig({ WORKERS_HEALTH_HOST: '0.0.0.0' }).WORKERS_HEALTH_HOST).toBe('0.0.0.0');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/DATABASE_URL must be a URL starting with mysql:/);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: '0', REDIS_URL: 'nope' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((problem) => problem.split(' ')[0])).toEqual(['PORT', 'REDIS_URL']);
    }
  });

  describe('M-Pesa callback sources', () => {
    const production = { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.co.ke', ADMIN_PASSWORD: 'long-enough', ...PRODUCTION_PAYMENTS };

    it("refuses production without Safaricom's callback addresses, unless told to accept any source", () => {
      expect(() => loadConfig({ ...production, MPESA_CALLBACK_ALLOWED_IPS: '' })).toThrow(/MPESA_CALLBACK_ALLOWED_IPS is required in production/);
      expect(loadConfig({ ...production, MPESA_CALLBACK_ALLOWED_IPS: '', MPESA_CALLBACK_ANY_SOURCE: 'true' }).MPESA_CALLBACK_ALLOWED_IPS).toEqual([]);
      expect(loadConfig(production).MPESA_CALLBACK_ALLOWED_IPS).toEqual(['196.201.214.200', '196.201.214.206']);
    });

    it('accepts any source outside production', () => {
      expect(loadConfig({}).MPESA_CALLBACK_ALLOWED_IPS).toEqual([]);
    });

    it('takes a previous token only of the same strength', () => {
      expect(() => loadConfig({ MPESA_CALLBACK_TOKEN_PREVIOUS: 'short' })).toThrow(/MPESA_CALLBACK_TOKEN_PREVIOUS must be at least 24 letters/);
    });
  });

  it('refuses production without an admin account', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD are required in production/);
  });

  describe('Google sign-in', () => {
    const production = { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.co.ke', ADMIN_PASSWORD: 'long-enough', ...PRODUCTION_PAYMENTS };

    it('points at the local sandbox outside production, on its configured port', () => {
      const config = loadConfig({ SANDBOX_PORT: '4002' });
      expect(config.OIDC_ISSUER_URL).toBe('http://localhost:4002/oidc');
      expect([config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET]).toEqual([SANDBOX_GOOGLE_CLIENT.id, SANDBOX_GOOGLE_CLIENT.secret]);
    });

    it('points at Google in production, with no client unless one is given', () => {
      const config = loadConfig(production);
      expect(config.OIDC_ISSUER_URL).toBe(GOOGLE_ISSUER_URL);
      expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
      expect(loadConfig({ ...production, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' }).GOOGLE_CLIENT_ID).toBe('id.apps.googleusercontent.com');
    });

    it('refuses a client id without its secret', () => {
      expect(() => loadConfig({ ...production, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/);
    });
  });

  describe('payments', () => {
    it('points Daraja and PayPal at the local sandbox outside production, with its apps', () => {
      const config = loadConfig({ SANDBOX_PORT: '4002' });
      expect(config.MPESA_BASE_URL).toBe('http://localhost:4002/daraja');
      expect(config.PAYPAL_BASE_URL).toBe('http://localhost:4002/paypal');
      expect([config.MPESA_CONSUMER_KEY, config.MPESA_SHORTCODE, config.MPESA_CALLBACK_TOKEN]).toEqual([SANDBOX_DARAJA_APP.consumerKey, SANDBOX_DARAJA_APP.shortcode, SANDBOX_DARAJA_APP.callbackToken]);
      expect([config.PAYPAL_CLIENT_ID, config.PAYPAL_WEBHOOK_ID]).toEqual([SANDBOX_PAYPAL_APP.clientId, SANDBOX_PAYPAL_APP.webhookId]);
    });

    it('refuses production without every provider setting, so the sandbox never stands in for real money', () => {
      const withoutPasskey: Record<string, string> = { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.co.ke', ADMIN_PASSWORD: 'long-enough', ...PRODUCTION_PAYMENTS };
      delete withoutPasskey.MPESA_PASSKEY;
      expect(() => loadConfig(withoutPasskey)).toThrow(/MPESA_PASSKEY is required in production/);
    });

    it('refuses a guessable callback token and an odd currency', () => {
      expect(() => loadConfig({ MPESA_CALLBACK_TOKEN: 'short' })).toThrow(/MPESA_CALLBACK_TOKEN must be at least 24/);
      expect(() => loadConfig({ PAYPAL_CURRENCY: 'usd' })).toThrow(/PAYPAL_CURRENCY must be one of PayPal's currencies with cents/);
      // PayPal takes yen without decimals; the conversion charges to the cent.
      expect(() => loadConfig({ PAYPAL_CURRENCY: 'JPY' })).toThrow(/PAYPAL_CURRENCY must be one of PayPal's currencies with cents: AUD, .*USD/);
      expect(loadConfig({ PAYPAL_CURRENCY: 'EUR' }).PAYPAL_CURRENCY).toBe('EUR');
    });

    it('reads the callback allow-list as addresses', () => {
      expect(loadConfig({ MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.200, 196.201.214.206' }).MPESA_CALLBACK_ALLOWED_IPS).toEqual(['196.201.214.200', '196.201.214.206']);
    });
  });
});
