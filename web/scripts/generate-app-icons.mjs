// Draws the shop's app icons into web/public/: the header's gift (antd's GiftFilled, as ShopLogo shows
// it) in white on the theme's primary colour. Run once; the files are committed. Run it again after
// changing colorPrimary in web/src/app/theme.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const gift = require('@ant-design/icons-svg/lib/asn/GiftFilled.js').default.icon;

const theme = await readFile(new URL('../src/app/theme.ts', import.meta.url), 'utf8');
const PRIMARY = /colorPrimary: '(#[0-9a-f]{6})'/i.exec(theme)?.[1];
if (!PRIMARY) throw new Error("no colorPrimary: '#rrggbb' in web/src/app/theme.ts");
const SIZE = 512;
const publicDir = new URL('../public/', import.meta.url);

/** The gift on a square of the primary colour; `glyphShare` of the side is the gift, `cornerRadius` rounds the square. */
function iconSvg({ glyphShare, cornerRadius }) {
  const glyph = SIZE * glyphShare;
  const offset = (SIZE - glyph) / 2;
  const paths = gift.children.map((child) => `<path fill="#ffffff" d="${child.attrs.d}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}"><rect width="${SIZE}" height="${SIZE}" rx="${cornerRadius}" fill="${PRIMARY}"/><svg x="${offset}" y="${offset}" width="${glyph}" height="${glyph}" viewBox="${gift.attrs.viewBox}">${paths}</svg></svg>\n`;
}

const rounded = iconSvg({ glyphShare: 0.62, cornerRadius: 96 });
// Android cuts a maskable icon to its own shape, keeping only the circle of 80 % of the side: the gift stays well inside it.
const maskable = iconSvg({ glyphShare: 0.46, cornerRadius: 0 });

await writeFile(new URL('favicon.svg', publicDir), rounded);
for (const size of [192, 512]) {
  await sharp(Buffer.from(rounded))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(`icon-${size}.png`, publicDir).pathname);
}
await sharp(Buffer.from(maskable))
  .resize(SIZE, SIZE)
  .png({ compressionLevel: 9 })
  .toFile(new URL('icon-maskable-512.png', publicDir).pathname);
process.stdout.write('wrote favicon.svg, icon-192.png, icon-512.png and icon-maskable-512.png in web/public/\n');
