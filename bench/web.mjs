// npm run bench:web: what a shopper's phone goes through to open the shop. Lighthouse's mobile run
// (a mid-range phone, simulated slow 4G) drives Debian's Chromium against the shop already running,
// on four pages: the guest home, the listing, a seeded toy's product page, and the checkout of a
// signed-in shopper with a toy in the cart.
//
//   SHOP_URL=http://localhost:3000   the running shop (`npm start`); nothing is built or started here
//   --runs 3                         Lighthouse runs per page; each figure printed is the median of them
//   --out DIR                        also write every run's full Lighthouse report (JSON) into DIR
//   CHROME_PATH=/usr/bin/chromium    the browser Lighthouse drives
//
// How to read it: one row per run, then a median row per page with ✓ or ✗ beside each figure that
// has a target (the targets are in the column headings), then per page its five largest scripts,
// what to cut first. Bytes are transferred bytes (compressed, headers included), 1 KB = 1000
// bytes, as Vite's build prints them; "before images" is everything but pictures. The PASS/FAIL
// lines at the end are the targets of docs/benchmarks.md, Web on a phone. A missed target is a finding: the exit code is 0
// unless the shop could not be reached or a Lighthouse run failed.
//
// A bench shopper (BENCH_SHOPPER_EMAIL) is signed in for the checkout: the bench tries its login
// first and registers it only when it does not exist yet, since the shop allows ten registrations
// an hour from one address. Its cart keeps the one toy between runs.
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { say, StepFailure } from '../infra/scripts/lib/bootstrap.mjs';
import { onCleanUp, runBench } from '../infra/scripts/lib/lifecycle.mjs';
import { formatNumber, printTable, printVerdicts } from '../infra/scripts/lib/report.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// QUIC, background downloads and sync would add requests of Chromium's own to what is measured.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const AUTH_API = { login: '/api/auth/login', register: '/api/auth/register' };
const BENCH_SHOPPER = {
  userName: 'Bench Shopper',
  email: process.env.BENCH_SHOPPER_EMAIL ?? 'bench-web-shopper@example.com',
  password: process.env.BENCH_SHOPPER_PASSWORD ?? 'bench-web-shopper-password',
};
/** The Chromium of the run under way, if any: Ctrl-C must not leave it behind. */
let chrome;

const TARGETS = {
  performance: 0.9,
  accessibility: 0.95,
  lcpMs: 2500,
  homeLcpMs: 2000,
  homeJsBytes: 170_000,
  homeBeforeImagesBytes: 500_000,
};

await runBench(async () => {
  const options = readOptions();
  const shopUrl = new URL(process.env.SHOP_URL ?? 'http://localhost:3000');
  const [{ default: lighthouse }, chromeLauncher, { CATALOGUE_API, ROUTES, SHOPPER_API }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('@shop/contracts'),
  ]);
  await assertShopReachable(shopUrl);
  await assertChromium();
  onCleanUp(() => chrome?.kill());

  const toy = await seededToy(shopUrl, CATALOGUE_API);
  say(`Product page: toy #${toy.id}, "${toy.title}".`);
  const shopper = await signInBenchShopper(shopUrl);
  await putToyInCart(shopUrl, shopper, toy, SHOPPER_API);
  say(`Checkout: signed in as ${BENCH_SHOPPER.email} (user #${shopper.id}), a toy in the cart.`);

  const pages = [
    { name: 'home', path: ROUTES.shopHome, headers: {} },
    { name: 'listing', path: ROUTES.shopListing, headers: {} },
    { name: 'product', path: ROUTES.shopProduct(toy.id), headers: {} },
    { name: 'checkout', path: ROUTES.shopCheckout, headers: { Cookie: shopper.cookie } },
  ].map((page) => ({ ...page, runs: [], failures: [], notes: new Set() }));
  if (options.out) await mkdir(options.out, { recursive: true });

  // Page after page within a run, not run after run of one page: a neighbour's burst of work on
  // the machine then spoils one run of each page rather than every run of one.
  for (let run = 1; run <= options.runs; run += 1) {
    for (const page of pages) {
      say(`${page.name} (${page.path}), run ${run} of ${options.runs}...`);
      try {
        const lhr = await measurePage(lighthouse, chromeLauncher, new URL(page.path, shopUrl).href, page.headers);
        if (options.out) await writeFile(join(options.out, `${page.name}-run${run}.json`), JSON.stringify(lhr, null, 2));
        const figures = figuresOf(lhr, shopUrl);
        page.runs.push(figures);
        const ended = new URL(lhr.finalDisplayedUrl);
        if (ended.pathname !== page.path)
          page.notes.add(`ended on ${ended.pathname}, not ${page.path}: the figures are those of the page it ended on`);
        for (const warning of lhr.runWarnings) page.notes.add(`Lighthouse: ${warning}`);
      } catch (error) {
        page.failures.push(`run ${run}: ${error.message}`);
        say(`${page.name}, run ${run}: Lighthouse failed: ${error.message}`);
      }
    }
  }

  for (const page of pages) page.median = page.runs.length > 0 ? medianFigures(page.runs) : undefined;
  printResults(pages, options.runs);
  const failed = pages.filter((page) => page.failures.length > 0);
  if (failed.length > 0) {
    throw new StepFailure(`Lighthouse failed on ${failed.map((page) => `${page.name} (${page.failures.join('; ')})`).join(', ')}`);
  }
  return 0;
});

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, out: { type: 'string' } } }));
  } catch (error) {
    throw new StepFailure(`${error.message}: the options are --runs N and --out DIR`);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new StepFailure(`--runs must be a whole number of at least 1, not '${values.runs}'`);
  return { runs, out: values.out === undefined ? undefined : resolve(values.out) };
}

async function assertShopReachable(shopUrl) {
  const health = new URL('/api/health', shopUrl);
  try {
    const response = await fetch(health);
    if (!response.ok) throw new Error(`answered ${response.status}`);
  } catch (error) {
    throw new StepFailure(
      `the shop at ${shopUrl.origin} is not reachable (${health}: ${error.cause?.code ?? error.message}): start it with \`npm start\`, or set SHOP_URL`,
    );
  }
}

async function assertChromium() {
  try {
    await access(CHROME_PATH, constants.X_OK);
  } catch {
    throw new StepFailure(`no Chromium at ${CHROME_PATH}: install Debian's with \`apt-get install chromium\`, or set CHROME_PATH`);
  }
}

/** Asks the api as the shop's web does; any answer but a 2xx is an error of the bench's setup. */
async function callApi(shopUrl, path, { method = 'GET', body, cookie } = {}) {
  const response = await fetch(new URL(path, shopUrl), {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return { status: response.status, ok: response.ok, answer, cookies: response.headers.getSetCookie() };
}

/** The first toy on the shelf with stock and a picture: its page shows what a shared toy link opens. */
async function seededToy(shopUrl, CATALOGUE_API) {
  const { ok, status, answer } = await callApi(shopUrl, CATALOGUE_API.shopProducts);
  if (!ok) throw new StepFailure(`${CATALOGUE_API.shopProducts} answered ${status}: ${answer.message ?? ''}`);
  const toy =
    answer.data.find((product) => product.totalStock > 0 && product.image) ?? answer.data.find((product) => product.totalStock > 0);
  if (!toy)
    throw new StepFailure(
      `the shop has no toy in stock (${CATALOGUE_API.shopProducts}): seed the demo catalogue with \`npm start\` or \`npm run seed\``,
    );
  return toy;
}

/**
 * Logs the bench shopper in, registering it the first time. A login that fails for a shopper who
 * does exist (someone changed its password) stops the bench rather than register another.
 */
async function signInBenchShopper(shopUrl) {
  const { email, password, userName } = BENCH_SHOPPER;
  let signedIn = await callApi(shopUrl, AUTH_API.login, { method: 'POST', body: { email, password } });
  if (!signedIn.ok) {
    signedIn = await callApi(shopUrl, AUTH_API.register, { method: 'POST', body: { userName, email, password } });
    if (signedIn.status === 429)
      throw new StepFailure(
        `registering the bench shopper was refused: ${signedIn.answer.message} (at most ten registrations an hour from one address)`,
      );
    if (!signedIn.ok)
      throw new StepFailure(
        `the bench shopper ${email} can neither log in nor register (${signedIn.status}: ${signedIn.answer.message}): set BENCH_SHOPPER_EMAIL and BENCH_SHOPPER_PASSWORD`,
      );
    say(`Registered the bench shopper ${email}.`);
  }
  const cookie = signedIn.cookies.map((line) => line.split(';')[0]).join('; ');
  if (!cookie) throw new StepFailure(`${AUTH_API.login} answered without a session cookie`);
  return { id: signedIn.answer.user.id, cookie };
}

/** One toy in the cart, added only if the cart is empty, so runs after runs do not fill it. */
async function putToyInCart(shopUrl, shopper, toy, SHOPPER_API) {
  const cart = await callApi(shopUrl, SHOPPER_API.cart(shopper.id), { cookie: shopper.cookie });
  if (!cart.ok) throw new StepFailure(`${SHOPPER_API.cart(shopper.id)} answered ${cart.status}: ${cart.answer.message ?? ''}`);
  if (cart.answer.data.items.length > 0) return;
  const added = await callApi(shopUrl, SHOPPER_API.addToCart, {
    method: 'POST',
    cookie: shopper.cookie,
    body: { userId: shopper.id, productId: toy.id, quantity: 1, variationId: toy.variations[0]?.id ?? null },
  });
  if (!added.ok) throw new StepFailure(`${SHOPPER_API.addToCart} answered ${added.status}: ${added.answer.message ?? ''}`);
}

/**
 * One Lighthouse run in a Chromium of its own: a fresh profile, so no run finds another's cache,
 * cookies or service worker. Lighthouse's defaults are the mobile preset: a Moto G Power's screen,
 * 4× CPU slowdown, and slow 4G (150 ms, 1.6 Mbit/s) simulated from the page's real trace.
 */
async function measurePage(lighthouse, chromeLauncher, url, headers) {
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: headers,
    });
    if (!result) throw new StepFailure('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new StepFailure(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
    chrome = undefined;
  }
}

/**
 * The figures of one run, from every request Lighthouse recorded: the page's, its frames' and its
 * web workers'. A service worker's own fetches (a precache) are not among them: Lighthouse does not
 * listen to service workers, so the bytes a first visit spends on a precache are not counted here.
 */
function figuresOf(lhr, shopUrl) {
  const requests = lhr.audits['network-requests'].details.items;
  const sum = (list) => list.reduce((total, request) => total + (request.transferSize ?? 0), 0);
  const scripts = requests.filter((request) => request.resourceType === 'Script' || /javascript|ecmascript/.test(request.mimeType ?? ''));
  const images = requests.filter((request) => request.resourceType === 'Image' || (request.mimeType ?? '').startsWith('image/'));
  const largestScripts = [...scripts]
    .sort((a, b) => b.transferSize - a.transferSize)
    .slice(0, 5)
    .map((request) => ({ path: pathOf(request.url, shopUrl), bytes: request.transferSize }));
  return {
    performance: lhr.categories.performance?.score ?? null,
    accessibility: lhr.categories.accessibility?.score ?? null,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue ?? null,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? null,
    tbtMs: lhr.audits['total-blocking-time'].numericValue ?? null,
    totalBytes: sum(requests),
    jsBytes: sum(scripts),
    beforeImagesBytes: sum(requests) - sum(images),
    largestScripts,
  };
}

function pathOf(url, shopUrl) {
  const parsed = new URL(url);
  return parsed.origin === shopUrl.origin ? parsed.pathname : `${parsed.origin}${parsed.pathname}`;
}

function median(values) {
  const known = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
}

/** Each figure's own median; the script list is the one of the run whose LCP is nearest the median's. */
function medianFigures(runs) {
  const figures = {};
  for (const key of ['performance', 'accessibility', 'fcpMs', 'lcpMs', 'tbtMs', 'totalBytes', 'jsBytes', 'beforeImagesBytes']) {
    figures[key] = median(runs.map((run) => run[key]));
  }
  const typical = runs.reduce((best, run) =>
    Math.abs((run.lcpMs ?? 0) - figures.lcpMs) < Math.abs((best.lcpMs ?? 0) - figures.lcpMs) ? run : best,
  );
  return { ...figures, largestScripts: typical.largestScripts };
}

function kb(bytes) {
  return formatNumber(bytes / 1000, 1);
}

/** Every phone target (docs/benchmarks.md, Web on a phone) for one page, from its median figures. */
function targetsOf(page) {
  const figures = page.median;
  const home = page.name === 'home';
  const lcpTarget = home ? TARGETS.homeLcpMs : TARGETS.lcpMs;
  const targets = [
    { key: 'performance', name: 'performance score', limit: TARGETS.performance, atLeast: true, show: score, unit: '' },
    { key: 'accessibility', name: 'accessibility score', limit: TARGETS.accessibility, atLeast: true, show: score, unit: '' },
    { key: 'lcpMs', name: 'largest contentful paint', limit: lcpTarget, show: seconds, unit: ' s' },
  ];
  if (home) {
    targets.push(
      { key: 'jsBytes', name: 'JavaScript transferred', limit: TARGETS.homeJsBytes, show: kb, unit: ' KB' },
      { key: 'beforeImagesBytes', name: 'bytes transferred before images', limit: TARGETS.homeBeforeImagesBytes, show: kb, unit: ' KB' },
    );
  }
  return targets.map((target) => {
    const value = figures[target.key];
    const passed = value !== null && (target.atLeast ? value >= target.limit : value <= target.limit);
    return { ...target, value, passed };
  });
}

function score(value) {
  return value.toFixed(2);
}

function seconds(ms) {
  return (ms / 1000).toFixed(1);
}

function printResults(pages, runs) {
  const columns = [
    ['performance', score],
    ['accessibility', score],
    ['fcpMs', seconds],
    ['lcpMs', seconds],
    ['tbtMs', (ms) => ms.toFixed(0)],
    ['totalBytes', kb],
    ['jsBytes', kb],
    ['beforeImagesBytes', kb],
  ];
  const cells = (figures, targets = []) =>
    columns.map(([key, show]) => {
      const value = figures[key];
      if (value === null) return 'n/a';
      const target = targets.find((candidate) => candidate.key === key);
      return target ? `${show(value)} ${target.passed ? '✓' : '✗'}` : show(value);
    });
  const rows = [];
  for (const page of pages) {
    if (!page.median) {
      rows.push([`${page.name}: every run failed`, ...columns.map(() => '')]);
      continue;
    }
    if (runs > 1) page.runs.forEach((figures, index) => rows.push([`${page.name}: run ${index + 1}`, ...cells(figures)]));
    rows.push([`${page.name}${runs > 1 ? ` (median of ${page.runs.length})` : ''}`, ...cells(page.median, targetsOf(page))]);
  }
  printTable(
    [
      '',
      `performance >=${score(TARGETS.performance)}`,
      `accessibility >=${score(TARGETS.accessibility)}`,
      'FCP s',
      `LCP s <=${seconds(TARGETS.lcpMs)} (home ${seconds(TARGETS.homeLcpMs)})`,
      'TBT ms',
      'transferred KB',
      `JS KB (home <=${TARGETS.homeJsBytes / 1000})`,
      `before images KB (home <=${TARGETS.homeBeforeImagesBytes / 1000})`,
    ],
    rows,
  );
  for (const page of pages) {
    if (!page.median) continue;
    const scripts = page.median.largestScripts.map((script) => `${script.path} ${kb(script.bytes)}`).join(', ');
    console.log(`${page.name}: largest JS (KB transferred): ${scripts || 'none'}`);
  }
  for (const page of pages) {
    for (const note of page.notes) console.log(`note, ${page.name}: ${note}`);
    for (const failure of page.failures) console.log(`error, ${page.name}: ${failure}`);
  }
  console.log('');
  printVerdicts(
    pages
      .filter((page) => page.median)
      .flatMap((page) =>
        targetsOf(page).map((target) => ({
          name: `${page.name}: ${target.name}`,
          measured: target.value === null ? 'n/a' : `${target.show(target.value)}${target.unit}`,
          target: `${target.atLeast ? '>=' : '<='} ${target.show(target.limit)}${target.unit}`,
          passed: target.passed,
        })),
      ),
  );
}
