// The image bench's baseline, run as a process of its own like the worker is: sharp alone makes
// the same derivatives of the same originals, with the worker's concurrency, and writes them.
//
//   node bench/lib/images-baseline.mjs <uploads dir> <output dir> <originals list (JSON file)>
//
// Prints one JSON line: { elapsedMs, cpuMs, busyMs, images, derivatives }; busyMs adds up the
// time each original took, as the worker's jobs' processing times add up.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_DERIVATIVE_SIZES, IMAGE_MAX_INPUT_PIXELS, QUEUE_SETTINGS } from '@shop/contracts';

/**
 * The encoder settings of workers/src/images/image-derivatives.service.ts. They live in the
 * worker's source, not in libs/contracts, so they are repeated here: change them together.
 */
const FORMATS = [
  { extension: 'webp', encode: (image) => image.webp({ quality: 80 }) },
  { extension: 'jpg', encode: (image) => image.jpeg({ quality: 82, mozjpeg: true }) },
];

/** The worker's rendering, step for step: one decoder with rotate(), each size then each format in turn. */
async function deriveAll(uploadsDir, outputDir, originalKey) {
  const original = await readFile(join(uploadsDir, originalKey));
  const source = sharp(original, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate();
  const stem = basename(originalKey, extname(originalKey));
  const rendered = [];
  for (const [size, longestSide] of Object.entries(IMAGE_DERIVATIVE_SIZES)) {
    const resized = source.clone().resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true });
    for (const { extension, encode } of FORMATS) {
      rendered.push({ key: `derivatives/${stem}/${size}.${extension}`, bytes: await encode(resized.clone()).toBuffer() });
    }
  }
  // Like the worker, every file is written once all of an original's derivatives are made.
  for (const { key, bytes } of rendered) {
    const path = join(outputDir, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  }
  return rendered.length;
}

const [uploadsDir, outputDir, originalsFile] = process.argv.slice(2);
const originals = JSON.parse(await readFile(originalsFile, 'utf8'));
const waiting = [...originals];
let derivatives = 0;
let busyMs = 0;
const started = performance.now();
const cpuBefore = process.cpuUsage();
// The same number of originals in flight as the worker's BullMQ concurrency for the images queue.
await Promise.all(
  Array.from({ length: QUEUE_SETTINGS.images.concurrency }, async () => {
    for (let key = waiting.shift(); key !== undefined; key = waiting.shift()) {
      const began = performance.now();
      const made = await deriveAll(uploadsDir, outputDir, key);
      busyMs += performance.now() - began;
      derivatives += made;
    }
  }),
);
const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({ elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000, busyMs, images: originals.length, derivatives })}\n`,
);
