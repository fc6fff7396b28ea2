import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.join(' or ')}//`);

export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/toyduka';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Outside production the seed and `npm start` use this admin, and print it. */
export const DEVELOPMENT_ADMIN = { email: 'admin@toyduka.local', password: 'toyduka-admin' } as const;

export const GOOGLE_ISSUER_URL = 'https://accounts.google.com';
/** The OAuth client the sandbox's identity provider registers, used wherever no Google client is configured. */
export const SANDBOX_GOOGLE_CLIENT = { id: 'toyduka-local-web', secret: 'toyduka-local-web-secret' } as const;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    WORKERS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
    WEB_ORIGINS: z
      .string()
      .default('http://localhost:3000,http://localhost:5173')
      .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean)),
    DATABASE_URL: url(['mysql:', 'mariadb:']).default(DEFAULT_DATABASE_URL),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: url(['redis:', 'rediss:']).default(DEFAULT_REDIS_URL),
    REDIS_PREFIX: z.string().regex(/^[a-z0-9:_-]+$/i, 'must be letters, digits, ":", "_" or "-"').default('toyduka'),
    /** Where `npm start` keeps project-local MariaDB and Redis data when it has to start them. */
    DATA_DIR: z.string().min(1).default('.data'),
    UPLOADS_DIR: z.string().min(1).default('.data/uploads'),
    WEB_DIST_DIR: z.string().min(1).default('web/dist'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    PIPELINE_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
    OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(250),
    OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    SWAGGER_ENABLED: booleanFlag.default(true),
    /** Proxies in front of the api whose X-Forwarded-For is believed (Express "trust proxy" hops); 0 = none. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** The local emulator of Google sign-in (and, later, of Daraja and PayPal). */
    SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
    /** The OpenID issuer behind "Continue with Google": Google itself in production, the sandbox elsewhere. */
    OIDC_ISSUER_URL: url(['http:', 'https:']).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV !== 'production') return;
    if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) {
      context.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD are required in production' });
    }
    if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
      context.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
    }
  })
  .transform((config) => ({
    ...config,
    OIDC_ISSUER_URL: config.OIDC_ISSUER_URL ?? (config.NODE_ENV === 'production' ? GOOGLE_ISSUER_URL : `http://localhost:${config.SANDBOX_PORT}/oidc`),
    // In production without a Google client, "Continue with Google" says it is unavailable.
    GOOGLE_CLIENT_ID: config.GOOGLE_CLIENT_ID ?? (config.NODE_ENV === 'production' ? undefined : SANDBOX_GOOGLE_CLIENT.id),
    GOOGLE_CLIENT_SECRET: config.GOOGLE_CLIENT_SECRET ?? (config.NODE_ENV === 'production' ? undefined : SANDBOX_GOOGLE_CLIENT.secret),
  }));

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

export function adminCredentials(config: Pick<AppConfig, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>): { email: string; password: string } {
  return { email: config.ADMIN_EMAIL ?? DEVELOPMENT_ADMIN.email, password: config.ADMIN_PASSWORD ?? DEVELOPMENT_ADMIN.password };
}
