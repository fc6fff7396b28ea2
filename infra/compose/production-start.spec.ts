import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_REDIS_URL, ENV_EXAMPLE_PLACEHOLDER, loadConfig, SANDBOX_GOOGLE_CLIENT, SANDBOX_PATHS } from '@shop/config';
import { AUTH_API_PATHS } from '@shop/contracts';
import { createDataSource, User, verifyPassword } from '@shop/db';
import { messagingSandboxOptions, paymentSandboxOptions, startSandbox, type RunningSandbox } from '@shop/sandbox';
import { createTestAccount, freePort } from '@shop/testing';
import { assembleStage, readEnvExample, readEnvExampleFilledIn, repoRoot } from './deployment-files.js';
import { startInImage, waitUntilAnswers, type ImageProcess } from './image-process.js';

/**
 * Production must start as deployed (docs/deploy.md): the shop's image, under NODE_ENV=production and on .env.example's
 * settings with only this machine's addresses put in (MySQL, Redis, ports, and the sandbox standing
 * in for Safaricom, PayPal, Google, Africa's Talking and the mail relay), migrates, becomes ready and stops cleanly. The image is
 * assembled as infra/Dockerfile's `shop` stage says, without a container engine: its `npm ci
 * --omit=dev` from the lock file, and this checkout's builds where it copies the build stage's.
 */

/** How long compose waits after SIGTERM before it kills (docker-compose.yml's stop_grace_period). */
function stopGraceMs(): number {
  const composeFile = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as Record<
    string,
    { stop_grace_period: string }
  >;
  const [, seconds] = /^(\d+)s$/.exec(composeFile['x-shop-process']!.stop_grace_period) ?? [];
  return Number(seconds) * 1000;
}

describe('the shop in production, on .env.example, as its image holds it', () => {
  let imageDir: string;
  let uploadsDir: string;
  let sandbox: RunningSandbox;
  let settings: Record<string, string>;
  let apiUrl: string;
  let workersUrl: string;
  const started: ImageProcess[] = [];

  function start(args: string[], env: Record<string, string>): ImageProcess {
    const shopProcess = startInImage(imageDir, args, env);
    started.push(shopProcess);
    return shopProcess;
  }

  /** The migrations one-shot as the compose file and the Kubernetes Job run it. */
  async function runOneShot(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const oneShot = start(['infra/scripts/migrate.mjs', '--ensure-admin'], env);
    return { code: await oneShot.exited, output: oneShot.output() };
  }

  async function withDatabase<T>(work: (dataSource: ReturnType<typeof createDataSource>) => Promise<T>): Promise<T> {
    const dataSource = await createDataSource(loadConfig(settings)).initialize();
    try {
      return await work(dataSource);
    } finally {
      await dataSource.destroy();
    }
  }

  beforeAll(async () => {
    if (!process.env.DATABASE_URL)
      throw new Error('Set DATABASE_URL to a test database (npm test sets it): this file creates accounts there.');
    imageDir = mkdtempSync(join(tmpdir(), 'toyduka-image-'));
    uploadsDir = mkdtempSync(join(tmpdir(), 'toyduka-uploads-'));
    const imageEnv = assembleStage('shop', imageDir);
    const example = readEnvExampleFilledIn();
    // The sandbox knows the Daraja, PayPal and Africa's Talking apps .env.example names, as the providers would.
    const exampleConfig = loadConfig(example);
    sandbox = await startSandbox({
      port: 0,
      googleClient: {
        clientId: SANDBOX_GOOGLE_CLIENT.id,
        clientSecret: SANDBOX_GOOGLE_CLIENT.secret,
        redirectUris: [new URL(AUTH_API_PATHS.googleCallback, example.PUBLIC_URL).href],
      },
      ...paymentSandboxOptions(exampleConfig),
      ...messagingSandboxOptions({ ...exampleConfig, SANDBOX_SMTP_PORT: 0 }),
    });
    const [port, workersPort] = [await freePort(), await freePort()];
    settings = {
      // Over the image's ENV as compose's env_file is.
      ...imageEnv,
      ...example,
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
      REDIS_PREFIX: `toyduka-production-start-${randomBytes(4).toString('hex')}`,
      PORT: String(port),
      WORKERS_HEALTH_PORT: String(workersPort),
      WORKERS_HEALTH_HOST: '127.0.0.1',
      UPLOADS_DIR: uploadsDir,
      MPESA_BASE_URL: `${sandbox.url}${SANDBOX_PATHS.daraja}`,
      PAYPAL_BASE_URL: `${sandbox.url}${SANDBOX_PATHS.paypal}`,
      AT_BASE_URL: `${sandbox.url}${SANDBOX_PATHS.africasTalking}`,
      SMTP_URL: sandbox.mail.url,
      OIDC_ISSUER_URL: sandbox.issuer,
      ADMIN_EMAIL: `admin-${randomBytes(6).toString('hex')}@example.test`,
    };
    apiUrl = `http://127.0.0.1:${port}`;
    workersUrl = `http://127.0.0.1:${workersPort}`;
  }, 300_000);

  afterAll(async () => {
    for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
    await sandbox?.close();
    for (const dir of [imageDir, uploadsDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("creates the admin of ADMIN_EMAIL and ADMIN_PASSWORD on the first start, and never changes that admin's password later", async () => {
    const first = await runOneShot(settings);
    expect({ code: first.code, output: first.output }).toMatchObject({
      code: 0,
      output: expect.stringContaining(`Created the admin ${settings.ADMIN_EMAIL}`),
    });

    const later = await runOneShot({ ...settings, ADMIN_PASSWORD: 'a-password-set-after-the-first-start' });
    expect({ code: later.code, output: later.output }).toMatchObject({
      code: 0,
      output: expect.stringContaining(`Admin ${settings.ADMIN_EMAIL} is there`),
    });

    const admin = await withDatabase((dataSource) => dataSource.getRepository(User).findOneByOrFail({ email: settings.ADMIN_EMAIL }));
    expect(admin.role).toBe('admin');
    expect(await verifyPassword(admin.passwordHash!, settings.ADMIN_PASSWORD!)).toBe(true);
  }, 60_000);

  it("leaves a shopper a shopper when ADMIN_EMAIL names the shopper's account", async () => {
    const shopper = await withDatabase((dataSource) => createTestAccount(dataSource));
    const run = await runOneShot({ ...settings, ADMIN_EMAIL: shopper.email });
    expect({ code: run.code, output: run.output }).toMatchObject({ code: 0, output: expect.stringContaining('npm run admin:create') });
    const account = await withDatabase((dataSource) => dataSource.getRepository(User).findOneByOrFail({ email: shopper.email }));
    expect(account.role).toBe('user');
  }, 60_000);

  it('becomes ready, the api and the workers, and leaves at SIGTERM with exit 0 within the grace compose gives', async () => {
    expect((await runOneShot(settings)).code).toBe(0);
    const api = start(['api/dist/main.js'], settings);
    const workers = start(['workers/dist/main.js'], settings);
    await Promise.all([waitUntilAnswers(api, `${apiUrl}/api/health/ready`), waitUntilAnswers(workers, `${workersUrl}/health/ready`)]);

    for (const { child } of [api, workers]) child.kill('SIGTERM');
    const deadline = new Promise<'still running'>((resolve) => setTimeout(resolve, stopGraceMs(), 'still running').unref());
    const exits = await Promise.all([api, workers].map((shopProcess) => Promise.race([shopProcess.exited, deadline])));
    expect({ exits, output: exits.every((code) => code === 0) ? '' : `${api.output()}\n${workers.output()}` }).toEqual({
      exits: [0, 0],
      output: '',
    });
  }, 120_000);

  it.each(['METRICS_TOKEN', 'MPESA_CALLBACK_TOKEN'])(
    'refuses to start without %s, the one-shot and the api alike, naming it',
    async (required) => {
      const incomplete = { ...settings, [required]: '' };
      const oneShot = await runOneShot(incomplete);
      expect(oneShot.code).toBe(1);
      expect(oneShot.output).toContain(`${required} is required in production`);

      const api = start(['api/dist/main.js'], incomplete);
      expect(await api.exited).toBe(1);
      expect(api.output()).toContain(`${required} is required in production`);
    },
    60_000,
  );

  it('refuses .env.example copied as it is, naming each placeholder left', async () => {
    // This machine's database stands in for the one in .env.example, whose password is a placeholder too.
    const placeholders = Object.fromEntries(
      Object.entries(readEnvExample()).filter(([key, value]) => key !== 'DATABASE_URL' && value.includes(ENV_EXAMPLE_PLACEHOLDER)),
    );
    const oneShot = await runOneShot({ ...settings, ...placeholders });
    expect(oneShot.code).toBe(1);
    for (const key of ['METRICS_TOKEN', 'ADMIN_PASSWORD', 'MPESA_CALLBACK_TOKEN', 'PAYPAL_CLIENT_SECRET'])
      expect(oneShot.output).toContain(`${key} still holds .env.example's placeholder`);
  }, 60_000);
});
