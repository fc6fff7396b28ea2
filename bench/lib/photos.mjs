// Photo-like originals for the image bench. Flat colours or pure noise would flatter or punish
// the encoders; these have smooth colour fields, some detail and sensor grain, so JPEG and WebP
// work about as hard on them as on a shop owner's phone pictures. Loaded after the install.
import sharp from 'sharp';

/** A seeded generator (mulberry32), so every run resizes the same pictures. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A `width`×`height` field of random values in `channels` channels, blown up smoothly from a coarse grid. */
async function randomField(random, channels, cellsAcross, cellsDown, width, height) {
  const cells = Buffer.alloc(cellsAcross * cellsDown * channels);
  for (let index = 0; index < cells.length; index += 1) cells[index] = Math.floor(random() * 256);
  return sharp(cells, { raw: { width: cellsAcross, height: cellsDown, channels } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/**
 * The `index`-th picture: mostly 1600×1200 JPEGs, every fourth a portrait, every fifth a PNG
 * (1280×960, so that it stays under the shop's 5 MB upload limit), and every seventh JPEG stored
 * sideways with an EXIF orientation the worker has to apply.
 */
export async function makePhoto(index) {
  const random = randomSource(1000 + index);
  const png = index % 5 === 4;
  const [long, short] = png ? [1280, 960] : [1600, 1200];
  const [width, height] = index % 4 === 3 ? [short, long] : [long, short];
  // Colour changes slowly across a photo; brightness has finer detail (edges, texture) and grain.
  const [colour, texture] = await Promise.all([
    randomField(random, 3, 7, 5, width, height),
    randomField(random, 1, 240, 180, width, height),
  ]);
  const pixels = Buffer.alloc(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const light = (texture[pixel] - 128) * 0.45 + (random() + random() - 1) * 10;
    for (let channel = 0; channel < 3; channel += 1) {
      const offset = pixel * 3 + channel;
      pixels[offset] = Math.max(0, Math.min(255, colour[offset] + light));
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (png) return { bytes: await image.png().toBuffer(), extension: 'png', contentType: 'image/png' };
  const jpeg = image.jpeg({ quality: 90 });
  return {
    bytes: await (index % 7 === 6 ? jpeg.withMetadata({ orientation: 6 }) : jpeg).toBuffer(),
    extension: 'jpg',
    contentType: 'image/jpeg',
  };
}
