import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@shop/testing';

/** bench/scale.mjs's processes sit on consecutive ports from BENCH_PORT: nginx, three apis, two workers, (MySQL's +6), the sandbox. */
const PORT_BLOCK = 8;
const CHECKOUTS = 20;
/** Setup, the checkouts, the orders the kill hit settling by the shop's own checks (30 s reservations), teardown. */
const RUN_TIMEOUT_MS = 240_000;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port of PORT_BLOCK free ones in a row. */
async function freePortBlock(): Promise<number> {
  for (;;) {
    const base = await freePort();
    const rest = await Promise.all(Array.from({ length: PORT_BLOCK - 1 }, (_, offset) => portIsFree(base + 1 + offset)));
    if (base + PORT_BLOCK < 65536 && rest.every(Boolean)) return base;
  }
}

interface ScaleResult {
  orders: { placed: number; confirmed: number; cancelled: number; unknown: number; lost: number; doubled: number; stuck: number };
  sockets: { connected: number; perApi: number[]; dropped: number; reconnected: number };
  events: { promised: number; once: number; caughtUp: number; missed: number; duplicated: number };
  edge: {
    asset: { status: number; contentEncoding: string | null; cacheControl: string | null; sameBytesAsBuildGzip: boolean };
    productPage: { status: number; contentType: string | null; paintedByApi: boolean };
    largeUpload: { bytes: number; answeredByApi: boolean };
    metrics: { throughNginx: number; throughNginxOtherCase: number; fromApi: number };
  };
  passed: boolean;
}

describe('npm run bench:scale, small: nginx in front of three api processes, one killed with SIGKILL half-way through the checkouts', () => {
  let exitCode: number | null;
  let output = '';
  let result: ScaleResult;
  let folder: string;
  let folderMode: number;

  beforeAll(async () => {
    // A folder only its owner may enter, as a clone under `mktemp -d` or a home of mode 750 is to
    // nginx's own user: the build nginx serves and every file of the bench's (TMPDIR) lie inside it.
    folder = await mkdtemp(join(tmpdir(), 'toyduka-scale-spec-'));
    folderMode = (await stat(folder)).mode & 0o777;
    const webRoot = join(folder, 'clone', 'web', 'dist');
    await cp('web/dist', webRoot, { recursive: true });
    await mkdir(join(folder, 'tmp'));
    const jsonPath = join(folder, 'scale.json');
    // A database and Redis prefix of this run's own (the bench drops and empties them), on the test's MySQL and Redis.
    const env = {
      ...process.env,
      TMPDIR: join(folder, 'tmp'),
      BENCH_SKIP_BUILD: '1',
      BENCH_PORT: String(await freePortBlock()),
      BENCH_DATABASE: `toyduka_bench_scale_${randomBytes(4).toString('hex')}`,
    };
    const args = ['bench/scale.mjs', '--checkouts', String(CHECKOUTS), '--json', jsonPath, '--web-root', webRoot];
    const bench = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [bench.stdout, bench.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => bench.kill('SIGTERM'), RUN_TIMEOUT_MS - 10_000);
    [exitCode] = (await once(bench, 'exit')) as [number | null];
    clearTimeout(timer);
    try {
      result = JSON.parse(await readFile(jsonPath, 'utf8')) as ScaleResult;
    } catch {
      throw new Error(`bench:scale wrote no figures (exit ${exitCode}); its output ended:\n${output.slice(-4000)}`);
    }
  }, RUN_TIMEOUT_MS);

  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('passes its own checks and exits 0', () => {
    if (exitCode !== 0) throw new Error(`bench:scale exited ${exitCode}:\n${output.slice(-4000)}`);
    expect(result.passed).toBe(true);
  });

  it('loses and doubles no money, and leaves no order pending', () => {
    const { orders } = result;
    expect(orders).toMatchObject({ lost: 0, doubled: 0, stuck: 0 });
    expect(orders.placed).toBeGreaterThan(CHECKOUTS / 2);
    expect(orders.confirmed + orders.cancelled + orders.unknown).toBe(orders.placed);
  });

  it("spreads the shoppers' sockets over the three api processes, and every socket the kill dropped reconnects through nginx", () => {
    const { sockets } = result;
    expect(sockets.connected).toBe(CHECKOUTS);
    expect(sockets.perApi).toHaveLength(3);
    for (const held of sockets.perApi) expect(held).toBeGreaterThan(0);
    expect(sockets.dropped).toBeGreaterThan(0);
    expect(sockets.reconnected).toBe(sockets.dropped);
  });

  it("brings every order's updates to its shopper once: by event, or by the read after reconnecting for those sent while the socket was away", () => {
    const { events, orders } = result;
    expect(events.missed).toBe(0);
    expect(events.duplicated).toBe(0);
    expect(events.once + events.caughtUp).toBe(orders.placed);
    expect(events.promised).toBeGreaterThanOrEqual(orders.placed);
  });

  it("serves the build's hashed files itself from a folder only its owner may enter, from the build's own gzip and cached for good", () => {
    expect(folderMode).toBe(0o700);
    const { asset } = result.edge;
    expect(asset).toMatchObject({ status: 200, contentEncoding: 'gzip', sameBytesAsBuildGzip: true });
    expect(asset.cacheControl).toMatch(/max-age=31536000.*immutable/);
  });

  it('leaves the pages to the api, which paints their meta', () => {
    expect(result.edge.productPage).toMatchObject({ status: 200, paintedByApi: true });
    expect(result.edge.productPage.contentType).toMatch(/^text\/html/);
  });

  it("lets a body larger than the admin's largest upload through to the api, which answers it itself", () => {
    expect(result.edge.largeUpload.answeredByApi).toBe(true);
  });

  it('answers /api/metrics with 404 in any case of its letters, while the api itself serves it', () => {
    expect(result.edge.metrics).toEqual({ throughNginx: 404, throughNginxOtherCase: 404, fromApi: 200 });
  });
});
