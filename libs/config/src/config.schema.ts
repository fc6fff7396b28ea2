import { z } from 'zod';
import { QUEUE_NAMES, type QueueName } from '@shop/contracts';
import { kenyanMobileNumber } from '@shop/contracts/phone';

/**
 * The currencies PayPal charges in, less HUF, JPY and TWD, which PayPal takes without decimals: the
 * shop converts KES to the cent (convertKes), and a decimal amount in those would be refused.
 */
const PAYPAL_CURRENCIES_WITH_CENTS = [
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'ILS',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'SEK',
  'SGD',
  'THB',
  'USD',
] as const;

const callbackToken = z.string().regex(/^[A-Za-z0-9_-]{24,}$/, 'must be at least 24 letters, digits, "_" or "-"');
/** What a Prometheus `authorization.credentials` can carry in a header (RFC 6750's token syntax), and long enough not to be guessed. */
const metricsToken = z
  .string()
  .regex(/^[A-Za-z0-9._~+/-]{32,}=*$/, 'must be at least 32 letters, digits or "-._~+/" (e.g. `openssl rand -hex 32`)');
/** International form, so that the `tel:` link dials from any phone: '+', then digits with single spaces or dashes. */
const shopPhone = z
  .string()
  .regex(
    /^\+\d(?:[ -]?\d){6,14}$/,
    'must be an international number: "+", then 7 to 15 digits with single spaces or dashes (e.g. +254 712 345 678)',
  );
/** A Kenyan mobile however it is written, kept as Africa's Talking takes it: +254…. */
const kenyanMobile = z
  .string()
  .refine((value) => kenyanMobileNumber(value) !== null, 'must be a Kenyan mobile number (e.g. 0712 345 678 or +254712345678)')
  .transform((value) => `+${kenyanMobileNumber(value)}`);
/**
 * A From header a reader sees a name in: `Toy Duka <orders@toyduka.co.ke>`. Quotes and commas are
 * refused rather than parsed, since an unquoted comma would make it two addresses.
 */
const mailbox = z
  .string()
  .trim()
  .refine((value) => {
    const address = /^[^<>",;]*[^<>",;\s][^<>",;]*<([^<>\s]+)>$/.exec(value)?.[1];
    return address !== undefined && z.email().safeParse(address).success;
  }, 'must be a display name and an address without quotes or commas, e.g. "Toy Duka <orders@toyduka.co.ke>"');
const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const queueName = z.enum(QUEUE_NAMES as [QueueName, ...QueueName[]], { error: `must name the shop's queues: ${QUEUE_NAMES.join(', ')}` });
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** What .env.example writes where a secret goes: production refuses a setting that still holds it. */
export const ENV_EXAMPLE_PLACEHOLDER = 'change-me';

export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/toyduka';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** In development and test the seed and `npm start` use this admin, and print it. */
export const DEVELOPMENT_ADMIN = { email: 'admin@toyduka.local', password: 'toyduka-admin' } as const;

/** Where the sandbox serves each stand-in, below its own address. */
export const SANDBOX_PATHS = {
  identity: '/oidc',
  daraja: '/daraja',
  paypal: '/paypal',
  africasTalking: '/africastalking',
  outbox: '/outbox',
} as const;

export const GOOGLE_ISSUER_URL = 'https://accounts.google.com';
/** The OAuth client the sandbox's identity provider registers, used wherever no Google client is configured. */
export const SANDBOX_GOOGLE_CLIENT = { id: 'toyduka-local-web', secret: 'toyduka-local-web-secret' } as const;

/** The Daraja app and PayPal REST app the sandbox knows, used wherever no real credentials are configured. */
export const SANDBOX_DARAJA_APP = {
  consumerKey: 'toyduka-local-daraja-key',
  consumerSecret: 'toyduka-local-daraja-secret',
  /** Safaricom's public sandbox paybill, so that the same number works against their sandbox too. */
  shortcode: '174379',
  passkey: 'toyduka-local-daraja-passkey',
  callbackToken: 'toyduka-local-mpesa-callback-token',
  /** The API user and its encrypted password that the Transaction Status API asks for. */
  initiatorName: 'toyduka-local-initiator',
  securityCredential: 'toyduka-local-security-credential',
} as const;
/** The Africa's Talking app the sandbox knows, and the sender id it lets that app use. */
export const SANDBOX_AFRICAS_TALKING_APP = {
  username: 'toyduka-local',
  apiKey: 'toyduka-local-at-api-key',
  senderId: 'TOYDUKA',
  /** The secret path segment of the delivery-report URL the sandbox posts to. */
  deliveryReportToken: 'toyduka-local-at-delivery-report-token',
} as const;
/** Who the shop's e-mail comes from, and where the shop's own notices go, outside production (the sandbox keeps the mail). */
export const DEVELOPMENT_MAIL = { from: 'Toy Duka <orders@toyduka.local>', shopNotifyEmail: 'shop@toyduka.local' } as const;
export const SANDBOX_PAYPAL_APP = {
  clientId: 'toyduka-local-paypal-client',
  clientSecret: 'toyduka-local-paypal-secret',
  webhookId: 'toyduka-local-webhook',
} as const;

/**
 * The shop's contact details outside production: plainly not a real shop's (an all-zero number), so
 * that a screenshot of a development shop is never mistaken for the family's line.
 */
export const DEMO_SHOP_CONTACT = {
  phone: '+254 700 000 000',
  openingHours: '6:30 AM - 6:00 PM (demo hours)',
  address: 'Demo address, Nairobi',
} as const;

const MINUTE_MS = 60_000;
const SANDBOX_SMTP_PORT_OFFSET = 1000;
const PRODUCTION_SHUTDOWN_DRAIN_MS = 5000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The environments where the sandbox, the demo admin, Swagger and a plain-http session cookie stand
 * in for the real thing. Anything else is production, an unset NODE_ENV included: a deployment that
 * forgets to say what it is must not get a known admin password or the sandbox's callback token.
 */
const DEVELOPMENT_ENVIRONMENTS = ['development', 'test'] as const;

export function isDevelopmentEnvironment(nodeEnv: string | undefined): boolean {
  return (DEVELOPMENT_ENVIRONMENTS as readonly (string | undefined)[]).includes(nodeEnv);
}

export const configSchema = z
  .object({
    /** No default: unset means production (see DEVELOPMENT_ENVIRONMENTS). */
    NODE_ENV: z.enum([...DEVELOPMENT_ENVIRONMENTS, 'production']).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    WORKERS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    /** Where the workers' health and metrics listen: this host only, unless a container opens it to its network. */
    WORKERS_HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
    WEB_ORIGINS: z
      .string()
      .default('http://localhost:3000,http://localhost:5173')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    DATABASE_URL: url(['mysql:', 'mariadb:']).default(DEFAULT_DATABASE_URL),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: url(['redis:', 'rediss:']).default(DEFAULT_REDIS_URL),
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-z0-9:_-]+$/i, 'must be letters, digits, ":", "_" or "-"')
      .default('toyduka'),
    /** Where `npm start` keeps project-local MariaDB and Redis data when it has to start them. */
    DATA_DIR: z.string().min(1).default('.data'),
    UPLOADS_DIR: z.string().min(1).default('.data/uploads'),
    WEB_DIST_DIR: z.string().min(1).default('web/dist'),
    /** The web's server render bundle (web/dist-ssr/entry-server.js); without it every page is the client shell. */
    WEB_SSR_DIR: z.string().min(1).default('web/dist-ssr'),
    /** How long a shopper page's server render (its reads and its drawing) may take before the client shell is sent instead. */
    WEB_SSR_BUDGET_MS: z.coerce.number().int().positive().default(1000),
    /** How long a guest's drawn home, listing or product page is served again to other guests, unless the shop window changes first; 0: never. */
    WEB_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    PIPELINE_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
    OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(250),
    /** The relay publishes only rows this old: younger ones are the committing process's to publish (libs/db publishOnCommit). */
    OUTBOX_RELAY_AFTER_MS: z.coerce.number().int().min(0).default(2000),
    OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    /** Default: on in development and test only, so production does not publish the whole api's map. */
    SWAGGER_ENABLED: booleanFlag.optional(),
    /** The bearer token Prometheus sends to /api/metrics; required in production, where the figures are otherwise anyone's. */
    METRICS_TOKEN: metricsToken.optional(),
    /** Proxies in front of the api whose X-Forwarded-For is believed (Express "trust proxy" hops); 0 = none. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** The local emulator of Google sign-in, Daraja and PayPal. */
    SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
    /** The OpenID issuer behind "Continue with Google": Google itself in production, the sandbox elsewhere. */
    OIDC_ISSUER_URL: url(['http:', 'https:']).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Daraja: Safaricom's hosts in production, the sandbox elsewhere (defaults below). */
    MPESA_BASE_URL: url(['http:', 'https:']).optional(),
    MPESA_CONSUMER_KEY: z.string().min(1).optional(),
    MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
    MPESA_SHORTCODE: z
      .string()
      .regex(/^\d{5,7}$/, 'must be a 5 to 7 digit paybill or till number')
      .optional(),
    MPESA_PASSKEY: z.string().min(1).optional(),
    /** The secret path segment of the callback URL Safaricom is given: callbacks to any other path are refused. */
    MPESA_CALLBACK_TOKEN: callbackToken.optional(),
    /** During a rotation, the token pushes made before it still call back with; unset once they have all settled. */
    MPESA_CALLBACK_TOKEN_PREVIOUS: callbackToken.optional(),
    /** Production accepts callbacks from any address only when told so explicitly (the token alone then guards them). */
    MPESA_CALLBACK_ANY_SOURCE: booleanFlag.default(false),
    /** Addresses M-Pesa callbacks may come from (comma-separated); empty = any (the token still has to match). */
    MPESA_CALLBACK_ALLOWED_IPS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((address) => address.trim())
          .filter(Boolean),
      ),
    /** How long after an STK push without a callback the payment is looked up with Daraja. */
    MPESA_RECONCILE_DELAY_MS: z.coerce.number().int().min(100).default(MINUTE_MS),
    /** How often each workers process looks for STK push attempts whose next check with Daraja is due. */
    MPESA_SWEEP_INTERVAL_MS: z.coerce.number().int().min(50).default(5000),
    /** The Transaction Status API's initiator (an API user of the paybill) and its encrypted password: how a receipt the STK query does not tell is fetched. Without them, receipts come from callbacks only. */
    MPESA_INITIATOR_NAME: z.string().min(1).optional(),
    MPESA_SECURITY_CREDENTIAL: z.string().min(1).optional(),
    PAYPAL_BASE_URL: url(['http:', 'https:']).optional(),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    /** PayPal takes no KES: orders are charged in this currency at this many KES per unit. */
    PAYPAL_CURRENCY: z
      .enum(PAYPAL_CURRENCIES_WITH_CENTS, {
        error: `must be one of PayPal's currencies with cents: ${PAYPAL_CURRENCIES_WITH_CENTS.join(', ')}`,
      })
      .default('USD'),
    PAYPAL_KES_PER_UNIT: z.coerce.number().positive().default(129),
    /** Africa's Talking's SMS API: https://api.africastalking.com in production, the sandbox elsewhere (defaults below). */
    AT_BASE_URL: url(['http:', 'https:']).optional(),
    AT_USERNAME: z.string().min(1).optional(),
    AT_API_KEY: z.string().min(1).optional(),
    /** Unset, messages go from the account's shared short code; a sender id must be registered with Africa's Talking first. */
    AT_SENDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{1,11}$/, "must be an Africa's Talking sender id: 1 to 11 letters or digits")
      .optional(),
    /** The secret path segment of the delivery-report callback URL set on Africa's Talking's dashboard: reports to any other path are refused. */
    AT_DELIVERY_REPORT_TOKEN: callbackToken.optional(),
    /** The mail relay, with its user and password: smtps: for TLS from the start, smtp: for STARTTLS or the sandbox. */
    SMTP_URL: url(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: mailbox.optional(),
    /** Where the shop itself is told of new and paid orders. */
    SHOP_NOTIFY_PHONE: kenyanMobile.optional(),
    SHOP_NOTIFY_EMAIL: z.email().optional(),
    /** How shoppers reach the shop, shown in the contact strip and the footer (GET /api/common/shop-info). */
    SHOP_PHONE: shopPhone.optional(),
    SHOP_HOURS: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
    SHOP_ADDRESS: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
    /** The queues this workers process takes jobs from (comma-separated): all of them unless a deployment gives image resizing processes of its own. */
    WORKER_QUEUES: z
      .string()
      .default(QUEUE_NAMES.join(','))
      .transform(commaList)
      .pipe(z.array(queueName).min(1, 'must name at least one queue')),
    /** Jobs run at once per queue in each workers process, where the queue's own default (QUEUE_SETTINGS) is not wanted: `images=1,payments=20`. */
    WORKER_CONCURRENCY: z
      .string()
      .default('')
      .transform(commaList)
      .pipe(z.array(z.string().regex(/^[a-z-]+=\d{1,3}$/, 'must be queue=count pairs, e.g. images=1,payments=20')))
      .transform((pairs) => pairs.map((pair) => pair.split('=')))
      .pipe(
        z.array(
          z.tuple([queueName, z.string().transform(Number).pipe(z.number().int().min(1, 'must run at least 1 job at once').max(100))]),
        ),
      )
      .transform((pairs): Partial<Record<QueueName, number>> => Object.fromEntries(pairs)),
    /** Where image bytes live: this machine's UPLOADS_DIR, or an S3-compatible bucket (S3, R2, MinIO) that every replica shares. */
    IMAGE_STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, "." or "-"')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Another S3-compatible service than AWS (R2, MinIO); unset = AWS S3 itself. */
    S3_ENDPOINT: url(['http:', 'https:']).optional(),
    /** Bucket in the path rather than the host name, as MinIO and most self-hosted servers need. */
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** Unset, the SDK's own chain (instance role, AWS_* variables) supplies the credentials. */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Where browsers load the bucket's objects (a CDN or a public bucket): /uploads redirects there; unset, the api streams them. */
    S3_PUBLIC_URL: url(['http:', 'https:']).optional(),
    /**
     * How long the api keeps serving after SIGTERM while its readiness already says 503, so that the
     * proxy or Kubernetes sends new requests elsewhere first. Default: 5 s in production, none in
     * development and test, where nothing routes around a stopping process.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** How often one workers process prunes what the shop no longer needs (outbox rows, callback bodies, sessions). */
    RETENTION_INTERVAL_MS: z.coerce.number().int().min(1000).default(HOUR_MS),
    /** Rows removed per statement, so that no prune holds a table's locks for long. */
    RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
    /** Published outbox rows are kept this long for investigation, then deleted. */
    RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(1).default(7),
    /** Payment callbacks keep their raw body this long (disputes are raised within weeks); the row and its outcome stay. */
    RETENTION_CALLBACK_BODY_DAYS: z.coerce.number().int().min(1).default(90),
    /** Sessions are deleted this long after they expired. */
    RETENTION_EXPIRED_SESSION_DAYS: z.coerce.number().int().min(0).default(1),
    /** Unpaid orders give their stock back after this long. */
    ORDER_RESERVATION_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(15 * MINUTE_MS),
    /** How long the sandbox's "phone" takes before Daraja's callback (the PIN prompt). */
    SANDBOX_MPESA_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).default(3000),
    /**
     * The sandbox's SMTP server, standing in for the shop's mail provider. Unless given, SANDBOX_PORT
     * + 1000, clear of the ports the tests and benches put beside their sandbox's.
     */
    SANDBOX_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** How long after an SMS the sandbox's Africa's Talking reports its delivery. */
    SANDBOX_SMS_DELIVERY_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  })
  .superRefine((config, context) => {
    const problems: [key: string, message: string][] = [];
    if (config.IMAGE_STORAGE === 's3' && !config.S3_BUCKET) problems.push(['S3_BUCKET', 'is required when IMAGE_STORAGE=s3']);
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      problems.push(['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together']);
    }
    for (const [key, message] of problems) context.addIssue({ code: 'custom', path: [key], message });
  })
  .superRefine((config, context) => {
    if (isDevelopmentEnvironment(config.NODE_ENV)) return;
    const problems: [key: string, message: string][] = [];
    if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD)
      problems.push(['ADMIN_PASSWORD', 'ADMIN_EMAIL and ADMIN_PASSWORD are required in production']);
    for (const key of [
      'MPESA_BASE_URL',
      'MPESA_CONSUMER_KEY',
      'MPESA_CONSUMER_SECRET',
      'MPESA_SHORTCODE',
      'MPESA_PASSKEY',
      'MPESA_CALLBACK_TOKEN',
      'PAYPAL_BASE_URL',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
    ] as const) {
      if (!config[key]) problems.push([key, 'is required in production (the sandbox only stands in elsewhere)']);
    }
    for (const [key, value] of Object.entries(config)) {
      if (typeof value === 'string' && value.includes(ENV_EXAMPLE_PLACEHOLDER))
        problems.push([key, `still holds .env.example's placeholder ("${ENV_EXAMPLE_PLACEHOLDER}…"): give the shop's own value`]);
    }
    if (config.MPESA_CALLBACK_ALLOWED_IPS.length === 0 && !config.MPESA_CALLBACK_ANY_SOURCE) {
      problems.push([
        'MPESA_CALLBACK_ALLOWED_IPS',
        "is required in production (Safaricom's callback addresses), unless MPESA_CALLBACK_ANY_SOURCE=true",
      ]);
    }
    for (const key of ['SHOP_PHONE', 'SHOP_HOURS', 'SHOP_ADDRESS'] as const) {
      if (!config[key])
        problems.push([key, 'is required in production (shoppers see it; the demo contact details stand in only elsewhere)']);
    }
    for (const key of ['AT_BASE_URL', 'AT_USERNAME', 'AT_API_KEY', 'AT_DELIVERY_REPORT_TOKEN', 'SMTP_URL', 'MAIL_FROM'] as const) {
      if (!config[key]) problems.push([key, 'is required in production (the sandbox only stands in elsewhere, and keeps every message)']);
    }
    for (const key of ['SHOP_NOTIFY_PHONE', 'SHOP_NOTIFY_EMAIL'] as const) {
      if (!config[key]) problems.push([key, "is required in production (the shop's own notices of new and paid orders go there)"]);
    }
    if (!config.METRICS_TOKEN)
      problems.push(['METRICS_TOKEN', 'is required in production (Prometheus sends it as a bearer token to /api/metrics)']);
    if (Boolean(config.MPESA_INITIATOR_NAME) !== Boolean(config.MPESA_SECURITY_CREDENTIAL)) {
      problems.push(['MPESA_SECURITY_CREDENTIAL', 'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL go together']);
    }
    if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
      problems.push(['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together']);
    }
    // Without this line, a developer who only forgot NODE_ENV reads a list of production settings and wonders why.
    if (problems.length > 0 && !config.NODE_ENV) {
      problems.unshift([
        'NODE_ENV',
        'is not set, so production rules apply: set NODE_ENV=development (or test) for the sandbox and the demo admin',
      ]);
    }
    for (const [key, message] of problems) context.addIssue({ code: 'custom', path: [key], message });
  })
  .transform((config) => {
    const sandboxSmtpPort = config.SANDBOX_SMTP_PORT ?? config.SANDBOX_PORT + SANDBOX_SMTP_PORT_OFFSET;
    return {
      ...config,
      NODE_ENV: config.NODE_ENV ?? 'production',
      SWAGGER_ENABLED: config.SWAGGER_ENABLED ?? isDevelopmentEnvironment(config.NODE_ENV),
      SHUTDOWN_DRAIN_MS: config.SHUTDOWN_DRAIN_MS ?? (isDevelopmentEnvironment(config.NODE_ENV) ? 0 : PRODUCTION_SHUTDOWN_DRAIN_MS),
      SANDBOX_SMTP_PORT: sandboxSmtpPort,
      MPESA_BASE_URL: config.MPESA_BASE_URL ?? `http://localhost:${config.SANDBOX_PORT}${SANDBOX_PATHS.daraja}`,
      MPESA_CONSUMER_KEY: config.MPESA_CONSUMER_KEY ?? SANDBOX_DARAJA_APP.consumerKey,
      MPESA_CONSUMER_SECRET: config.MPESA_CONSUMER_SECRET ?? SANDBOX_DARAJA_APP.consumerSecret,
      MPESA_SHORTCODE: config.MPESA_SHORTCODE ?? SANDBOX_DARAJA_APP.shortcode,
      MPESA_PASSKEY: config.MPESA_PASSKEY ?? SANDBOX_DARAJA_APP.passkey,
      MPESA_CALLBACK_TOKEN: config.MPESA_CALLBACK_TOKEN ?? SANDBOX_DARAJA_APP.callbackToken,
      MPESA_INITIATOR_NAME:
        config.MPESA_INITIATOR_NAME ?? (isDevelopmentEnvironment(config.NODE_ENV) ? SANDBOX_DARAJA_APP.initiatorName : undefined),
      MPESA_SECURITY_CREDENTIAL:
        config.MPESA_SECURITY_CREDENTIAL ?? (isDevelopmentEnvironment(config.NODE_ENV) ? SANDBOX_DARAJA_APP.securityCredential : undefined),
      PAYPAL_BASE_URL: config.PAYPAL_BASE_URL ?? `http://localhost:${config.SANDBOX_PORT}${SANDBOX_PATHS.paypal}`,
      PAYPAL_CLIENT_ID: config.PAYPAL_CLIENT_ID ?? SANDBOX_PAYPAL_APP.clientId,
      PAYPAL_CLIENT_SECRET: config.PAYPAL_CLIENT_SECRET ?? SANDBOX_PAYPAL_APP.clientSecret,
      PAYPAL_WEBHOOK_ID: config.PAYPAL_WEBHOOK_ID ?? SANDBOX_PAYPAL_APP.webhookId,
      OIDC_ISSUER_URL:
        config.OIDC_ISSUER_URL ??
        (isDevelopmentEnvironment(config.NODE_ENV)
          ? `http://localhost:${config.SANDBOX_PORT}${SANDBOX_PATHS.identity}`
          : GOOGLE_ISSUER_URL),
      // In production without a Google client, "Continue with Google" says it is unavailable.
      GOOGLE_CLIENT_ID: config.GOOGLE_CLIENT_ID ?? (isDevelopmentEnvironment(config.NODE_ENV) ? SANDBOX_GOOGLE_CLIENT.id : undefined),
      GOOGLE_CLIENT_SECRET:
        config.GOOGLE_CLIENT_SECRET ?? (isDevelopmentEnvironment(config.NODE_ENV) ? SANDBOX_GOOGLE_CLIENT.secret : undefined),
      // The refinement above has made sure production gives all three.
      SHOP_PHONE: config.SHOP_PHONE ?? DEMO_SHOP_CONTACT.phone,
      SHOP_HOURS: config.SHOP_HOURS ?? DEMO_SHOP_CONTACT.openingHours,
      SHOP_ADDRESS: config.SHOP_ADDRESS ?? DEMO_SHOP_CONTACT.address,
      AT_BASE_URL: config.AT_BASE_URL ?? `http://localhost:${config.SANDBOX_PORT}${SANDBOX_PATHS.africasTalking}`,
      AT_USERNAME: config.AT_USERNAME ?? SANDBOX_AFRICAS_TALKING_APP.username,
      AT_API_KEY: config.AT_API_KEY ?? SANDBOX_AFRICAS_TALKING_APP.apiKey,
      AT_SENDER_ID: config.AT_SENDER_ID ?? (isDevelopmentEnvironment(config.NODE_ENV) ? SANDBOX_AFRICAS_TALKING_APP.senderId : undefined),
      AT_DELIVERY_REPORT_TOKEN: config.AT_DELIVERY_REPORT_TOKEN ?? SANDBOX_AFRICAS_TALKING_APP.deliveryReportToken,
      SMTP_URL: config.SMTP_URL ?? `smtp://localhost:${sandboxSmtpPort}`,
      MAIL_FROM: config.MAIL_FROM ?? DEVELOPMENT_MAIL.from,
      // The demo number: the sandbox keeps what is sent to it, and it is plainly no one's.
      SHOP_NOTIFY_PHONE: config.SHOP_NOTIFY_PHONE ?? kenyanMobile.parse(DEMO_SHOP_CONTACT.phone),
      SHOP_NOTIFY_EMAIL: config.SHOP_NOTIFY_EMAIL ?? DEVELOPMENT_MAIL.shopNotifyEmail,
    };
  });

export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment once; every process (api, workers, scripts) starts here. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(blanksRemoved);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`));
  }
  return result.data;
}

/** The admin the seed makes: the configured one, filled in from the demo admin in development and test only. */
export function adminCredentials(config: Pick<AppConfig, 'NODE_ENV' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>): {
  email: string;
  password: string;
} {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) return { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD };
  // loadConfig refuses such a production config already; a hand-made one must not get the demo password either.
  if (!isDevelopmentEnvironment(config.NODE_ENV)) throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD are required in production']);
  return { email: config.ADMIN_EMAIL ?? DEVELOPMENT_ADMIN.email, password: config.ADMIN_PASSWORD ?? DEVELOPMENT_ADMIN.password };
}
