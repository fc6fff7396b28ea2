// nginx in front of the shop's api processes on this machine, as the containers run it: the same
// template (shop.conf.template), rendered as the official image's envsubst renders it, inside a
// top-level nginx.conf whose pid, temporary files and logs all live in one folder of the caller's.
// Only Node's own modules and the bootstrap helpers are imported: nothing here needs the build.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage, repoRoot } from '../scripts/lib/bootstrap.mjs';
import { waitForPort } from '../scripts/lib/services.mjs';

const NGINX = '/usr/sbin/nginx';
const TEMPLATE = join(repoRoot, 'infra/nginx/shop.conf.template');
/** Debian's, at the same path as in the official image. */
const MIME_TYPES = '/etc/nginx/mime.types';
/** Each proxied socket holds two connections (the browser's and the api's): room for thousands of shoppers. */
const WORKER_CONNECTIONS = 8192;

/**
 * The template with `values` (SHOP_LISTEN_PORT, SHOP_API_SERVERS, SHOP_WEB_ROOT) in place of its
 * `${NAME}`s. A `${…}` left over would reach nginx as one of its own variables, so it is an error here.
 */
function renderShopConf(template, values) {
  const rendered = template.replace(/\$\{(\w+)\}/g, (written, name) => values[name] ?? written);
  const unknown = rendered.match(/\$\{\w+\}/);
  if (unknown) throw new Error(`${TEMPLATE} names ${unknown[0]}, which nothing sets`);
  return rendered;
}

/** The upstream lines of SHOP_API_SERVERS for api processes listening on this machine's `ports`. */
const apiServerLines = (ports) => ports.map((port) => `server 127.0.0.1:${port};`).join(' ');

/**
 * nginx started by root runs its workers as the user it was built with (Debian's: www-data), who
 * may not enter the folder a checkout lies in (a home of mode 750, a `mktemp -d` of 700): every
 * file of the build would be answered 403. So they run as whoever starts them, who can read what
 * they are told to serve. Started by anyone else, nginx ignores the directive, with a warning.
 */
function workersUserLines() {
  return process.getuid?.() === 0 ? [`user ${userInfo().username};`] : [];
}

/** Writes `dir`/shop.conf from the template and `dir`/nginx.conf around it; answers nginx.conf's path. */
async function writeEdgeConfig(dir, { listenPort, apiPorts, webRoot }) {
  await mkdir(dir, { recursive: true });
  const shopConf = renderShopConf(await readFile(TEMPLATE, 'utf8'), {
    SHOP_LISTEN_PORT: String(listenPort),
    SHOP_API_SERVERS: apiServerLines(apiPorts),
    SHOP_WEB_ROOT: webRoot,
  });
  await writeFile(join(dir, 'shop.conf'), shopConf);
  const temporary = (kind) => `${kind}_temp_path ${join(dir, kind)};`;
  const nginxConf = [
    // Under the caller's process supervisor, in the foreground.
    'daemon off;',
    ...workersUserLines(),
    `pid ${join(dir, 'nginx.pid')};`,
    'worker_processes auto;',
    'error_log stderr warn;',
    `events { worker_connections ${WORKER_CONNECTIONS}; }`,
    'http {',
    `  include ${MIME_TYPES};`,
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${temporary(kind)}`),
    `  include ${join(dir, 'shop.conf')};`,
    '}',
    '',
  ].join('\n');
  const confPath = join(dir, 'nginx.conf');
  await writeFile(confPath, nginxConf);
  return confPath;
}

/**
 * nginx as a part of `supervisor` (infra/chaos/lib/supervisor.mjs), serving `dir`'s configuration
 * on `listenPort`; installed from Debian's packages first if missing. Started and ready on return.
 */
export async function startEdge(supervisor, { dir, listenPort, apiPorts, webRoot, purpose }) {
  const nginx = ensureDebianPackage(NGINX, 'nginx', purpose);
  const confPath = await writeEdgeConfig(dir, { listenPort, apiPorts, webRoot });
  const part = supervisor.createPart({
    name: 'nginx',
    command: nginx,
    // -e: the error log before the configuration is read, instead of the package's /var/log/nginx.
    args: ['-p', dir, '-c', confPath, '-e', 'stderr'],
    ready: ({ logPath }) => waitForPort('127.0.0.1', listenPort, 'nginx', 30_000, `in ${logPath}`),
  });
  part.start();
  await part.ready();
  return part;
}
