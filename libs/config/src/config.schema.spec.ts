import { QUEUE_NAMES } from '@shop/contracts';
import {
  adminCredentials,
  ConfigError,
  DEFAULT_DATABASE_URL,
  DEMO_SHOP_CONTACT,
  DEVELOPMENT_ADMIN,
  DEVELOPMENT_MAIL,
  GOOGLE_ISSUER_URL,
  loadConfig,
  SANDBOX_AFRICAS_TALKING_APP,
  SANDBOX_DARAJA_APP,
  SANDBOX_GOOGLE_CLIENT,
  SANDBOX_PAYPAL_APP,
} from './config.schema.js';

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
/** Real SMS and mail settings, and where the shop's own notices go. */
const PRODUCTION_MESSAGING = {
  AT_BASE_URL: 'https://api.africastalking.com',
  AT_USERNAME: 'toyduka',
  AT_API_KEY: 'atsk_live_key',
  AT_DELIVERY_REPORT_TOKEN: 'a-long-unguessable-delivery-report-token',
  SMTP_URL: 'smtps://orders%40toyduka.co.ke:password@smtp.example.com:465',
  MAIL_FROM: 'Toy Duka <orders@toyduka.co.ke>',
  SHOP_NOTIFY_PHONE: '0722 000 111',
  SHOP_NOTIFY_EMAIL: 'orders@toyduka.co.ke',
};
/** The family's own contact details, as a production deployment gives them. */
const PRODUCTION_CONTACT = {
  SHOP_PHONE: '+254 20 765 4321',
  SHOP_HOURS: 'Mon-Sat 6:30 AM - 6:00 PM',
  SHOP_ADDRESS: 'Biashara Street, Nairobi',
};
/** Everything production asks for besides NODE_ENV itself. */
const PRODUCTION_SETTINGS = {
  ADMIN_EMAIL: 'admin@example.co.ke',
  ADMIN_PASSWORD: 'long-enough',
  METRICS_TOKEN: 'a-long-unguessable-metrics-scrape-token',
  ...PRODUCTION_PAYMENTS,
  ...PRODUCTION_MESSAGING,
  ...PRODUCTION_CONTACT,
};
const DEVELOPMENT = { NODE_ENV: 'development' };

/** The problems a ConfigError lists, by the variable each names. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('fills the documented defaults for a development environment', () => {
    const config = loadConfig(DEVELOPMENT);
    expect(config.DATABASE_URL).toBe(DEFAULT_DATABASE_URL);
    expect(config.PORT).toBe(3000);
    expect(config.WEB_ORIGINS).toEqual(['http://localhost:3000', 'http://localhost:5173']);
    expect([config.WORKERS_HEALTH_HOST, config.WORKERS_HEALTH_PORT]).toEqual(['127.0.0.1', 3001]);
  });

  it("opens the workers' health and metrics to a container's network when asked", () => {
    expect(loadConfig({ ...DEVELOPMENT, WORKERS_HEALTH_HOST: '0.0.0.0' }).WORKERS_HEALTH_HOST).toBe('0.0.0.0');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...DEVELOPMENT, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...DEVELOPMENT, DATABASE_URL: 'postgres://localhost/x' })).toThrow(
      /DATABASE_URL must be a URL starting with mysql:/,
    );
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ ...DEVELOPMENT, PORT: '0', REDIS_URL: 'nope' }).map((problem) => problem.split(' ')[0])).toEqual([
      'PORT',
      'REDIS_URL',
    ]);
  });

  describe('M-Pesa callback sources', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS };

    it("refuses production without Safaricom's callback addresses, unless told to accept any source", () => {
      expect(() => loadConfig({ ...production, MPESA_CALLBACK_ALLOWED_IPS: '' })).toThrow(
        /MPESA_CALLBACK_ALLOWED_IPS is required in production/,
      );
      expect(
        loadConfig({ ...production, MPESA_CALLBACK_ALLOWED_IPS: '', MPESA_CALLBACK_ANY_SOURCE: 'true' }).MPESA_CALLBACK_ALLOWED_IPS,
      ).toEqual([]);
      expect(loadConfig(production).MPESA_CALLBACK_ALLOWED_IPS).toEqual(['196.201.214.200', '196.201.214.206']);
    });

    it('accepts any source outside production', () => {
      expect(loadConfig(DEVELOPMENT).MPESA_CALLBACK_ALLOWED_IPS).toEqual([]);
    });

    it('takes a previous token only of the same strength', () => {
      expect(() => loadConfig({ ...DEVELOPMENT, MPESA_CALLBACK_TOKEN_PREVIOUS: 'short' })).toThrow(
        /MPESA_CALLBACK_TOKEN_PREVIOUS must be at least 24 letters/,
      );
    });
  });

  it('refuses production without an admin account', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD are required in production/);
  });

  describe('Google sign-in', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS };

    it('points at the local sandbox outside production, on its configured port', () => {
      const config = loadConfig({ ...DEVELOPMENT, SANDBOX_PORT: '4002' });
      expect(config.OIDC_ISSUER_URL).toBe('http://localhost:4002/oidc');
      expect([config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET]).toEqual([SANDBOX_GOOGLE_CLIENT.id, SANDBOX_GOOGLE_CLIENT.secret]);
    });

    it('points at Google in production, with no client unless one is given', () => {
      const config = loadConfig(production);
      expect(config.OIDC_ISSUER_URL).toBe(GOOGLE_ISSUER_URL);
      expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
      expect(
        loadConfig({ ...production, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' }).GOOGLE_CLIENT_ID,
      ).toBe('id.apps.googleusercontent.com');
    });

    it('refuses a client id without its secret', () => {
      expect(() => loadConfig({ ...production, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(
        /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/,
      );
    });
  });

  describe('payments', () => {
    it('points Daraja and PayPal at the local sandbox outside production, with its apps', () => {
      const config = loadConfig({ ...DEVELOPMENT, SANDBOX_PORT: '4002' });
      expect(config.MPESA_BASE_URL).toBe('http://localhost:4002/daraja');
      expect(config.PAYPAL_BASE_URL).toBe('http://localhost:4002/paypal');
      expect([config.MPESA_CONSUMER_KEY, config.MPESA_SHORTCODE, config.MPESA_CALLBACK_TOKEN]).toEqual([
        SANDBOX_DARAJA_APP.consumerKey,
        SANDBOX_DARAJA_APP.shortcode,
        SANDBOX_DARAJA_APP.callbackToken,
      ]);
      expect([config.PAYPAL_CLIENT_ID, config.PAYPAL_WEBHOOK_ID]).toEqual([SANDBOX_PAYPAL_APP.clientId, SANDBOX_PAYPAL_APP.webhookId]);
    });

    it('refuses production without every provider setting, so the sandbox never stands in for real money', () => {
      const withoutPasskey: Record<string, string> = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS };
      delete withoutPasskey.MPESA_PASSKEY;
      expect(() => loadConfig(withoutPasskey)).toThrow(/MPESA_PASSKEY is required in production/);
    });

    it('refuses a guessable callback token and an odd currency', () => {
      expect(() => loadConfig({ ...DEVELOPMENT, MPESA_CALLBACK_TOKEN: 'short' })).toThrow(/MPESA_CALLBACK_TOKEN must be at least 24/);
      expect(() => loadConfig({ ...DEVELOPMENT, PAYPAL_CURRENCY: 'usd' })).toThrow(
        /PAYPAL_CURRENCY must be one of PayPal's currencies with cents/,
      );
      // PayPal takes yen without decimals; the conversion charges to the cent.
      expect(() => loadConfig({ ...DEVELOPMENT, PAYPAL_CURRENCY: 'JPY' })).toThrow(
        /PAYPAL_CURRENCY must be one of PayPal's currencies with cents: AUD, .*USD/,
      );
      expect(loadConfig({ ...DEVELOPMENT, PAYPAL_CURRENCY: 'EUR' }).PAYPAL_CURRENCY).toBe('EUR');
    });

    it('reads the callback allow-list as addresses', () => {
      expect(
        loadConfig({ ...DEVELOPMENT, MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.200, 196.201.214.206' }).MPESA_CALLBACK_ALLOWED_IPS,
      ).toEqual(['196.201.214.200', '196.201.214.206']);
    });
  });

  describe('SMS and e-mail', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS };

    it("sends through the local sandbox outside production, as its Africa's Talking app, to the demo shop", () => {
      const config = loadConfig({ ...DEVELOPMENT, SANDBOX_PORT: '4002' });
      expect([config.AT_BASE_URL, config.SMTP_URL]).toEqual(['http://localhost:4002/africastalking', 'smtp://localhost:5002']);
      expect([config.AT_USERNAME, config.AT_API_KEY, config.AT_SENDER_ID]).toEqual([
        SANDBOX_AFRICAS_TALKING_APP.username,
        SANDBOX_AFRICAS_TALKING_APP.apiKey,
        SANDBOX_AFRICAS_TALKING_APP.senderId,
      ]);
      expect(config.AT_DELIVERY_REPORT_TOKEN).toBe(SANDBOX_AFRICAS_TALKING_APP.deliveryReportToken);
      expect([config.MAIL_FROM, config.SHOP_NOTIFY_PHONE, config.SHOP_NOTIFY_EMAIL]).toEqual([
        DEVELOPMENT_MAIL.from,
        '+254700000000',
        DEVELOPMENT_MAIL.shopNotifyEmail,
      ]);
      expect(loadConfig({ ...DEVELOPMENT, SANDBOX_SMTP_PORT: '2525' }).SMTP_URL).toBe('smtp://localhost:2525');
    });

    it('refuses production without each setting but the sender id, naming it, so the sandbox never swallows real notices', () => {
      for (const key of [
        'AT_BASE_URL',
        'AT_USERNAME',
        'AT_API_KEY',
        'AT_DELIVERY_REPORT_TOKEN',
        'SMTP_URL',
        'MAIL_FROM',
        'SHOP_NOTIFY_PHONE',
        'SHOP_NOTIFY_EMAIL',
      ]) {
        expect(problemsOf({ ...production, [key]: '' })).toEqual([expect.stringMatching(new RegExp(`^${key} is required in production`))]);
      }
    });

    it("sends from the account's shared short code in production unless a sender id is given", () => {
      expect(loadConfig(production).AT_SENDER_ID).toBeUndefined();
      expect(loadConfig({ ...production, AT_SENDER_ID: 'TOYDUKA' }).AT_SENDER_ID).toBe('TOYDUKA');
    });

    it("keeps the shop's phone as Africa's Talking takes it, however it was written", () => {
      expect(loadConfig(production).SHOP_NOTIFY_PHONE).toBe('+254722000111');
      expect(loadConfig({ ...DEVELOPMENT, SHOP_NOTIFY_PHONE: '254722000111' }).SHOP_NOTIFY_PHONE).toBe('+254722000111');
      expect(problemsOf({ ...DEVELOPMENT, SHOP_NOTIFY_PHONE: '+254 20 765 4321' })).toEqual([
        'SHOP_NOTIFY_PHONE must be a Kenyan mobile number (e.g. 0712 345 678 or +254712345678)',
      ]);
    });

    it('takes only what each provider takes', () => {
      expect(problemsOf({ ...DEVELOPMENT, AT_SENDER_ID: 'TOYDUKA-SHOP' })).toEqual([
        "AT_SENDER_ID must be an Africa's Talking sender id: 1 to 11 letters or digits",
      ]);
      expect(problemsOf({ ...DEVELOPMENT, SMTP_URL: 'https://smtp.example.com' })).toEqual([
        'SMTP_URL must be a URL starting with smtp: or smtps://',
      ]);
      expect(problemsOf({ ...DEVELOPMENT, SHOP_NOTIFY_EMAIL: 'orders' })[0]).toMatch(/^SHOP_NOTIFY_EMAIL /);
    });

    it('takes a From with a display name, and no address without one or with a comma that would make it two', () => {
      expect(loadConfig({ ...DEVELOPMENT, MAIL_FROM: ' Toy Duka Nairobi <orders@toyduka.co.ke> ' }).MAIL_FROM).toBe(
        'Toy Duka Nairobi <orders@toyduka.co.ke>',
      );
      for (const from of [
        'orders@toyduka.co.ke',
        '<orders@toyduka.co.ke>',
        'Toy Duka, Nairobi <orders@toyduka.co.ke>',
        'Toy Duka <orders>',
      ]) {
        expect(problemsOf({ ...DEVELOPMENT, MAIL_FROM: from })).toEqual([
          expect.stringMatching(/^MAIL_FROM must be a display name and an address/),
        ]);
      }
    });
  });

  describe('an unset NODE_ENV', () => {
    it('is production: no demo admin, no sandbox callback token, and a config without the production settings is refused, saying why', () => {
      const problems = problemsOf({});
      expect(problems[0]).toMatch(/^NODE_ENV is not set, so production rules apply: set NODE_ENV=development/);
      expect(problems.map((problem) => problem.split(' ')[0])).toEqual(
        expect.arrayContaining([
          'ADMIN_PASSWORD',
          'MPESA_CALLBACK_TOKEN',
          'MPESA_PASSKEY',
          'PAYPAL_CLIENT_SECRET',
          'METRICS_TOKEN',
          'SHOP_PHONE',
        ]),
      );
      // Nor does a production config made some other way than loadConfig.
      expect(() => adminCredentials({ ...loadConfig(PRODUCTION_SETTINGS), ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined })).toThrow(
        /ADMIN_EMAIL and ADMIN_PASSWORD are required in production/,
      );
    });

    it('runs on what production gives it, with none of the sandbox', () => {
      const config = loadConfig(PRODUCTION_SETTINGS);
      expect(config.NODE_ENV).toBe('production');
      expect(adminCredentials(config)).toEqual({ email: PRODUCTION_SETTINGS.ADMIN_EMAIL, password: PRODUCTION_SETTINGS.ADMIN_PASSWORD });
      expect(config.MPESA_CALLBACK_TOKEN).toBe(PRODUCTION_PAYMENTS.MPESA_CALLBACK_TOKEN);
      expect([config.GOOGLE_CLIENT_ID, config.MPESA_INITIATOR_NAME, config.OIDC_ISSUER_URL]).toEqual([
        undefined,
        undefined,
        GOOGLE_ISSUER_URL,
      ]);
    });

    it('leaves the sandbox and the demo admin to development and test', () => {
      for (const NODE_ENV of ['development', 'test']) {
        const config = loadConfig({ NODE_ENV });
        expect(adminCredentials(config)).toEqual(DEVELOPMENT_ADMIN);
        expect(config.MPESA_CALLBACK_TOKEN).toBe(SANDBOX_DARAJA_APP.callbackToken);
        expect(config.GOOGLE_CLIENT_ID).toBe(SANDBOX_GOOGLE_CLIENT.id);
      }
    });

    it('refuses a NODE_ENV it does not know, rather than guess', () => {
      expect(problemsOf({ ...PRODUCTION_SETTINGS, NODE_ENV: 'staging' })[0]).toMatch(/^NODE_ENV /);
    });
  });

  describe("the shop's contact details", () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_SETTINGS };

    it('refuses production without each of them, so the demo number never reaches shoppers', () => {
      for (const key of ['SHOP_PHONE', 'SHOP_HOURS', 'SHOP_ADDRESS'] as const) {
        expect(problemsOf({ ...production, [key]: '' })).toEqual([
          `${key} is required in production (shoppers see it; the demo contact details stand in only elsewhere)`,
        ]);
      }
    });

    it('serves what production gives', () => {
      const config = loadConfig(production);
      expect([config.SHOP_PHONE, config.SHOP_HOURS, config.SHOP_ADDRESS]).toEqual([
        PRODUCTION_CONTACT.SHOP_PHONE,
        PRODUCTION_CONTACT.SHOP_HOURS,
        PRODUCTION_CONTACT.SHOP_ADDRESS,
      ]);
    });

    it('stands in the plainly-demo details in development and test, unless given', () => {
      for (const NODE_ENV of ['development', 'test']) {
        const config = loadConfig({ NODE_ENV });
        expect({ phone: config.SHOP_PHONE, openingHours: config.SHOP_HOURS, address: config.SHOP_ADDRESS }).toEqual(DEMO_SHOP_CONTACT);
      }
      expect(loadConfig({ ...DEVELOPMENT, SHOP_PHONE: '+254-712-345-678' }).SHOP_PHONE).toBe('+254-712-345-678');
    });

    it('takes only an international number a phone can dial', () => {
      for (const written of ['0712 345 678', '+254 712 345 678 ext 4', '+254  712', '+254 7a2 345 678', 'call us']) {
        expect(problemsOf({ ...DEVELOPMENT, SHOP_PHONE: written })[0]).toMatch(/^SHOP_PHONE must be an international number/);
      }
      expect(loadConfig({ ...DEVELOPMENT, SHOP_PHONE: '+254 20 765 4321' }).SHOP_PHONE).toBe('+254 20 765 4321');
    });

    it('trims the hours and the address and keeps them short enough for the contact strip', () => {
      expect(loadConfig({ ...DEVELOPMENT, SHOP_ADDRESS: '  Biashara Street, Nairobi ' }).SHOP_ADDRESS).toBe('Biashara Street, Nairobi');
      expect(problemsOf({ ...DEVELOPMENT, SHOP_HOURS: 'x'.repeat(101) })).toEqual(['SHOP_HOURS must be at most 100 characters']);
    });
  });

  describe('Swagger', () => {
    it('is served by default in development and test only', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).SWAGGER_ENABLED).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test' }).SWAGGER_ENABLED).toBe(true);
      expect(loadConfig({ ...PRODUCTION_SETTINGS, NODE_ENV: 'production' }).SWAGGER_ENABLED).toBe(false);
      expect(loadConfig(PRODUCTION_SETTINGS).SWAGGER_ENABLED).toBe(false);
    });

    it('follows SWAGGER_ENABLED when it is given', () => {
      expect(loadConfig({ ...PRODUCTION_SETTINGS, NODE_ENV: 'production', SWAGGER_ENABLED: 'true' }).SWAGGER_ENABLED).toBe(true);
      expect(loadConfig({ NODE_ENV: 'development', SWAGGER_ENABLED: 'false' }).SWAGGER_ENABLED).toBe(false);
    });
  });

  describe('metrics token', () => {
    it('is required in production', () => {
      expect(problemsOf({ ...PRODUCTION_SETTINGS, NODE_ENV: 'production', METRICS_TOKEN: '' })).toEqual([
        'METRICS_TOKEN is required in production (Prometheus sends it as a bearer token to /api/metrics)',
      ]);
    });

    it('is optional in development and test, and never guessable', () => {
      expect(loadConfig(DEVELOPMENT).METRICS_TOKEN).toBeUndefined();
      expect(() => loadConfig({ ...DEVELOPMENT, METRICS_TOKEN: 'prometheus' })).toThrow(/METRICS_TOKEN must be at least 32/);
    });
  });

  describe('workers by role', () => {
    it('takes every queue at its own concurrency by default', () => {
      const config = loadConfig(DEVELOPMENT);
      expect(config.WORKER_QUEUES).toEqual(QUEUE_NAMES);
      expect(config.WORKER_CONCURRENCY).toEqual({});
    });

    it('reads the queues and the concurrency a deployment gives', () => {
      const config = loadConfig({ ...DEVELOPMENT, WORKER_QUEUES: 'images', WORKER_CONCURRENCY: 'images=1, payments=20' });
      expect(config.WORKER_QUEUES).toEqual(['images']);
      expect(config.WORKER_CONCURRENCY).toEqual({ images: 1, payments: 20 });
    });

    it('names an unknown queue or a count it cannot run', () => {
      expect(problemsOf({ ...DEVELOPMENT, WORKER_QUEUES: 'images,emails' })).toEqual([
        `WORKER_QUEUES.1 must name the shop's queues: ${QUEUE_NAMES.join(', ')}`,
      ]);
      expect(problemsOf({ ...DEVELOPMENT, WORKER_QUEUES: ' , ' })).toEqual(['WORKER_QUEUES must name at least one queue']);
      expect(problemsOf({ ...DEVELOPMENT, WORKER_CONCURRENCY: 'images' })[0]).toMatch(/^WORKER_CONCURRENCY\.0 must be queue=count pairs/);
      expect(problemsOf({ ...DEVELOPMENT, WORKER_CONCURRENCY: 'images=0' })).toEqual([
        'WORKER_CONCURRENCY.0.1 must run at least 1 job at once',
      ]);
    });
  });

  it("refuses production settings that still hold .env.example's placeholders, naming each", () => {
    const copied = {
      ...PRODUCTION_SETTINGS,
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'change-me-admin-password',
      DATABASE_URL: 'mysql://toyduka:change-me-mysql-password@mysql:3306/toyduka',
    };
    expect(problemsOf(copied)).toEqual([
      `DATABASE_URL still holds .env.example's placeholder ("change-me…"): give the shop's own value`,
      `ADMIN_PASSWORD still holds .env.example's placeholder ("change-me…"): give the shop's own value`,
    ]);
    expect(loadConfig({ ...copied, NODE_ENV: 'development' }).ADMIN_PASSWORD).toBe('change-me-admin-password');
  });

  it("puts the sandbox's SMTP server 1000 above its port, so that stacks side by side never share one", () => {
    expect(loadConfig(DEVELOPMENT).SANDBOX_SMTP_PORT).toBe(4002);
    expect(loadConfig({ ...DEVELOPMENT, SANDBOX_PORT: '3102' }).SANDBOX_SMTP_PORT).toBe(4102);
    expect(loadConfig({ ...DEVELOPMENT, SANDBOX_SMTP_PORT: '2525' }).SANDBOX_SMTP_PORT).toBe(2525);
  });

  describe('the drain after SIGTERM', () => {
    it('lasts 5 s in production and nothing in development, unless given', () => {
      expect(loadConfig({ ...PRODUCTION_SETTINGS, NODE_ENV: 'production' }).SHUTDOWN_DRAIN_MS).toBe(5000);
      expect(loadConfig(DEVELOPMENT).SHUTDOWN_DRAIN_MS).toBe(0);
      expect(loadConfig({ ...DEVELOPMENT, SHUTDOWN_DRAIN_MS: '1500' }).SHUTDOWN_DRAIN_MS).toBe(1500);
    });
  });

  describe('image storage', () => {
    it('keeps images on local disk unless told otherwise', () => {
      expect(loadConfig(DEVELOPMENT).IMAGE_STORAGE).toBe('local');
    });

    it('needs a bucket for S3, and both halves of a key', () => {
      expect(problemsOf({ ...DEVELOPMENT, IMAGE_STORAGE: 's3' })).toEqual(['S3_BUCKET is required when IMAGE_STORAGE=s3']);
      expect(problemsOf({ ...DEVELOPMENT, IMAGE_STORAGE: 's3', S3_BUCKET: 'toyduka-images', S3_ACCESS_KEY_ID: 'key' })).toEqual([
        'S3_SECRET_ACCESS_KEY S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      ]);
      expect(loadConfig({ ...DEVELOPMENT, IMAGE_STORAGE: 's3', S3_BUCKET: 'toyduka-images', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
        S3_BUCKET: 'toyduka-images',
        S3_FORCE_PATH_STYLE: true,
        S3_REGION: 'us-east-1',
      });
    });
  });
});
