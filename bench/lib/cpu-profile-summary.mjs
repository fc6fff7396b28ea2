// node bench/lib/cpu-profile-summary.mjs FILE.cpuprofile [--from S] [--to S] [--functions N]
//
// Where a process's CPU went, from a V8 CPU profile (BENCH_CPU_PROF_DIR, `node --cpu-prof`): self
// time grouped by package, busiest first, with each group's busiest functions. --from and --to keep
// the samples between those seconds after the profile began (start-up out, say). Functions of the
// web's render bundle are put back in their package through its source maps, when it was built with
// them (`cd web && npx vite build --ssr src/entry-server.tsx --sourcemap`); without, they count as
// one group. Shares are of the samples in which the process was busy.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    functions: { type: 'string', default: '4' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/lib/cpu-profile-summary.mjs FILE.cpuprofile [--from S] [--to S] [--functions N]');
  process.exit(1);
}
const RENDER_BUNDLE = '/web/dist-ssr/';
/** What V8 names JSON's own work: JSON.parse and JSON.stringify and their helpers. */
const JSON_BUILT_INS = /^(JSON|parse$|stringify$|JsonParse|JsonStringify)/;

const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = selfTimes(profile, Number(values.from), Number(values.to));
const sourceMaps = new Map();

const groups = new Map();
for (const [nodeId, ms] of selfMs) {
  const { group, name } = placeOf(nodes.get(nodeId).callFrame);
  const entry = groups.get(group) ?? { ms: 0, functions: new Map() };
  entry.ms += ms;
  entry.functions.set(name, (entry.functions.get(name) ?? 0) + ms);
  groups.set(group, entry);
}
const idleMs = groups.get('(idle)')?.ms ?? 0;
groups.delete('(idle)');
const busyMs = [...groups.values()].reduce((sum, { ms }) => sum + ms, 0);
const percent = (ms) => `${((100 * ms) / busyMs).toFixed(1).padStart(5)} %`;
console.log(`${(busyMs / 1000).toFixed(1)} s busy, ${(idleMs / 1000).toFixed(1)} s idle in the samples kept`);
for (const [group, { ms, functions }] of [...groups].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(`${percent(ms)}  ${group}`);
  const busiest = [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(values.functions));
  for (const [name, functionMs] of busiest) console.log(`           ${percent(functionMs)}  ${name}`);
}

/** Milliseconds of self time per profile node, from the samples between `fromS` and `toS`. */
function selfTimes({ samples, timeDeltas }, fromS, toS) {
  const times = new Map();
  let elapsedUs = 0;
  for (let index = 0; index < samples.length; index += 1) {
    elapsedUs += timeDeltas[index];
    // A sample stands for the time until the next one.
    const durationMs = (timeDeltas[index + 1] ?? 0) / 1000;
    if (elapsedUs / 1e6 < fromS || elapsedUs / 1e6 > toS) continue;
    times.set(samples[index], (times.get(samples[index]) ?? 0) + durationMs);
  }
  return times;
}

function packageOf(path) {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
}

/** The source map beside a bundle file, if it was built with one. */
function sourceMapOf(path) {
  if (!sourceMaps.has(path)) {
    const mapPath = `${path}.map`;
    sourceMaps.set(path, existsSync(mapPath) ? new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8'))) : undefined);
  }
  return sourceMaps.get(path);
}

/** A frame's group (its package, or what kind of built-in it is) and its name with its source line. */
function placeOf({ functionName, url, lineNumber, columnNumber }) {
  const name = functionName || '(anonymous)';
  if (!url) {
    if (name.startsWith('(')) return { group: name, name };
    if (name.startsWith('RegExp:')) return { group: 'regular expressions', name };
    if (JSON_BUILT_INS.test(name)) return { group: 'JSON', name };
    return { group: 'V8 built-ins and native calls (file system, sockets)', name };
  }
  if (url.startsWith('node:')) return { group: url.split('/')[0], name: `${name} ${url}` };
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  const at = (source, line) => `${name} ${source.replace(/.*node_modules\//, '').replace(/.*\/(web|libs|api)\//, '$1/')}:${line + 1}`;
  if (path.includes(RENDER_BUNDLE)) {
    const original = sourceMapOf(path)?.findEntry(lineNumber, columnNumber);
    if (!original?.originalSource) return { group: 'render bundle (no source map)', name: at(path, lineNumber) };
    const source = resolve(dirname(path), original.originalSource.replace(/^file:\/\//, ''));
    const owner = packageOf(source) ?? (source.includes('/libs/contracts/') ? '@shop/contracts' : 'the web app (web/src)');
    return { group: `render: ${owner}`, name: at(source, original.originalLine) };
  }
  const owner = packageOf(path);
  if (owner) return { group: owner, name: at(path, lineNumber) };
  const workspace = /\/(api|workers|libs\/[\w-]+)\/dist\//.exec(path)?.[1];
  return { group: workspace ? `${workspace} (own code)` : path, name: at(path, lineNumber) };
}
