// What a first visit to the home page downloads before any picture: index.html and the scripts and
// styles it loads (the home is in the first bundle; other screens load on demand). Prints each file's
// size as built and as sent gzip- and brotli-compressed (the phone budget, docs/benchmarks.md: 170 KB of gzip JavaScript,
// 500 KB in all). Usage: node web/scripts/home-bundle-size.mjs [dist directory, default web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const distDir = resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
const shell = readFileSync(join(distDir, 'index.html'), 'utf8');

/** The entry's static imports, transitively: what index.html makes the browser fetch at once (a stylesheet only if not inlined). */
const files = ['index.html'];
const visit = (key) => {
  const chunk = manifest[key];
  if (files.includes(chunk.file)) return;
  files.push(chunk.file, ...(chunk.css ?? []).filter((stylesheet) => shell.includes(stylesheet)));
  (chunk.imports ?? []).forEach(visit);
};
visit('index.html');

/** The build's own compressed sibling where there is one, as the api sends it. */
function sizeAs(file, extension, compress) {
  const sibling = join(distDir, `${file}.${extension}`);
  return existsSync(sibling) ? readFileSync(sibling).length : compress(readFileSync(join(distDir, file))).length;
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
const rows = files.map((file) => ({
  file,
  raw: readFileSync(join(distDir, file)).length,
  gzip: sizeAs(file, 'gz', gzipSync),
  brotli: sizeAs(file, 'br', brotliCompressSync),
}));
const total = (pick, only = () => true) => rows.filter(only).reduce((sum, row) => sum + row[pick], 0);
const isScript = (row) => row.file.endsWith('.js');

process.stdout.write(`${'raw KB'.padStart(8)}${'gzip KB'.padStart(9)}${'br KB'.padStart(9)}  file\n`);
for (const row of rows.sort((a, b) => b.gzip - a.gzip))
  process.stdout.write(`${kb(row.raw)} ${kb(row.gzip)} ${kb(row.brotli)}  ${row.file}\n`);
process.stdout.write(`${kb(total('raw', isScript))} ${kb(total('gzip', isScript))} ${kb(total('brotli', isScript))}  JavaScript\n`);
process.stdout.write(`${kb(total('raw'))} ${kb(total('gzip'))} ${kb(total('brotli'))}  in all\n`);
