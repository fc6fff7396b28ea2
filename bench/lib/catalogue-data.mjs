// Ten thousand plausible toys, written with a few multi-row INSERTs (the ORM would take minutes).
// Loaded after the workspace is installed and built: it needs @shop/contracts.
import { CATEGORIES, IMAGE_DERIVATIVE_SIZES } from '@shop/contracts';
import { seededRandom } from '../../infra/scripts/lib/seeded-random.mjs';

/** Words a title is made of, per category, so that a category's products read like that category. */
const GOODS = {
  home: ['Storage Bins', 'Night Light', 'Cup & Plate Set', 'Hooded Towel', 'Step Stool', 'Toy Chest', 'Lunch Box', 'Bedding Set'],
  'under-100': ['Bubble Wand', 'Wax Crayons', 'Bouncy Ball', 'Whistle', 'Spinning Top', 'Sticker Sheet', 'Balloon', 'Eraser'],
  'educational-toys': [
    'Alphabet Blocks',
    'Floor Puzzle',
    'Abacus',
    'Shape Sorter',
    'Science Kit',
    'Magnetic Letters',
    'Robot Kit',
    'Globe',
  ],
  'pretend-play': ['Kitchen Set', "Doctor's Kit", 'Baby Doll', 'Tool Bench', 'Market Stall', 'Tea Set', 'Dress-Up Costume', 'Toy Matatu'],
  'action-outdoor': ['Football', 'Balance Bike', 'Skipping Rope', 'Kite', 'Water Squirter', 'Scooter', 'Trampoline', 'Frisbee'],
  'card-board-games': ['Chess Set', 'Ludo Board', 'Snakes & Ladders', 'Card Game', 'Jigsaw', 'Dominoes', 'Bao Board', 'Memory Game'],
  'party-supplies': ['Balloon Pack', 'Party Hats', 'Birthday Banner', 'Candle Set', 'Piñata', 'Paper Plates', 'Confetti', 'Goody Bags'],
  'stationery-school': [
    'Exercise Books',
    'Pencil Case',
    'School Backpack',
    'Colouring Book',
    'Geometry Set',
    'Marker Pens',
    'Water Bottle',
    'Ruler Set',
  ],
  'fashion-accessories': [
    'Hair Clips',
    'Sunglasses',
    'Wrist Watch',
    'Sun Cap',
    'Bracelet Kit',
    'Socks (3 Pairs)',
    'Sling Bag',
    'Rain Boots',
  ],
  'home-decor': ['Wall Stickers', 'Table Lamp', 'Play Rug', 'Cushion', 'Cot Mobile', 'Growth Chart', 'Photo Frame', 'Bunting'],
};

/**
 * Thirty themes, each on about one product in thirty: a theme word is what a shopper searches
 * for, and one of them finds a few hundred of the ten thousand products.
 */
export const THEMES = [
  'Lion',
  'Giraffe',
  'Zebra',
  'Elephant',
  'Rhino',
  'Cheetah',
  'Dinosaur',
  'Unicorn',
  'Rocket',
  'Rainbow',
  'Safari',
  'Ocean',
  'Jungle',
  'Princess',
  'Pirate',
  'Galaxy',
  'Farmyard',
  'Flamingo',
  'Football',
  'Ballet',
  'Robot',
  'Dragon',
  'Butterfly',
  'Panda',
  'Turtle',
  'Owl',
  'Monkey',
  'Hippo',
  'Mermaid',
  'Tractor',
];
/** The bench searches for this theme: its title word is in about 1/30 of the products. */
export const SEARCH_KEYWORD = 'giraffe';

const STYLES = [
  'Wooden',
  'Soft',
  'Mini',
  'Giant',
  'Deluxe',
  'Classic',
  'Glow-in-the-Dark',
  'Musical',
  'Magnetic',
  'Eco',
  'Junior',
  'Rainbow-Striped',
  'Foldable',
  'Pocket',
];
const MATERIALS = [
  'solid cypress wood',
  'BPA-free plastic',
  'soft cotton',
  'recycled card',
  'sturdy canvas',
  'food-grade silicone',
  'rip-stop nylon',
];
const PLACES = [
  'at home',
  'in the classroom',
  'at the beach',
  'in the garden',
  'on long matatu rides',
  'at birthday parties',
  'at Uhuru Park',
];
const VARIATION_LABELS = ['Red', 'Blue', 'Green', 'Yellow', 'Pink', 'Purple', 'Orange', 'Small', 'Medium', 'Large'];

export const PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ROWS_PER_INSERT = 1000;

/** Shop-like prices: most toys between a few hundred and a few thousand shillings, a long tail above. */
function priceFor(random, category) {
  if (category === 'under-100') return random.integer(3, 10) * 10;
  const shillings = Math.exp(Math.log(150) + random.next() * (Math.log(15_000) - Math.log(150)));
  return Math.max(150, Math.round(shillings / 50) * 50 - (random.next() < 0.4 ? 10 : 0));
}

/** The derivatives the image worker records for a 1600×1200 original (see image-derivatives.service.ts). */
function derivativesOf(stem) {
  return Object.entries(IMAGE_DERIVATIVE_SIZES).flatMap(([size, longestSide]) =>
    [
      ['webp', 'webp'],
      ['jpeg', 'jpg'],
    ].map(([format, extension]) => ({
      size,
      format,
      width: longestSide,
      height: Math.round((longestSide * 1200) / 1600),
      url: `/uploads/derivatives/${stem}/${size}.${extension}`,
    })),
  );
}

function imageRow(id) {
  const stem = `bench-${String(id).padStart(6, '0')}`;
  // One picture in twenty is still waiting for the worker, as right after an admin's upload.
  const ready = id % 20 !== 0;
  return [
    id,
    `originals/${stem}.jpg`,
    `/uploads/originals/${stem}.jpg`,
    'image/jpeg',
    180_000 + (id % 997) * 100,
    ready ? 'ready' : 'pending',
    JSON.stringify(ready ? derivativesOf(stem) : []),
  ];
}

/** Rows for products, their pictures and their variations, all with explicit ids. */
export function generateCatalogue(count = PRODUCT_COUNT) {
  // Seeded: every run fills the same catalogue, so runs compare.
  const random = seededRandom(20_251_124);
  const images = [];
  const products = [];
  const variations = [];
  for (let id = 1; id <= count; id += 1) {
    const category = CATEGORIES[(id - 1) % CATEGORIES.length];
    const theme = random.pick(THEMES);
    const goods = random.pick(GOODS[category.id]);
    const title = `${random.pick(STYLES)} ${theme} ${goods}`;
    const description =
      `${/^[AEIOU]/.test(theme) ? 'An' : 'A'} ${theme.toLowerCase()}-themed ${goods.toLowerCase()} made of ${random.pick(MATERIALS)}, loved ${random.pick(PLACES)}. ` +
      `Suitable for ages ${random.integer(1, 8)} and up; ${random.next() < 0.5 ? 'wipe clean with a damp cloth' : 'comes gift-wrapped in recycled paper'}.`;
    const price = priceFor(random, category.id);
    const onSale = random.next() < 0.25 && price > 30;
    const salePrice = onSale ? Math.max(10, Math.min(price - 10, Math.round((price * (0.7 + random.next() * 0.25)) / 10) * 10)) : 0;
    const totalStock = random.next() < 0.08 ? 0 : random.integer(1, 200);
    const averageReview = random.next() < 0.4 ? 0 : Math.round((1 + random.next() * 4) * 100) / 100;
    images.push(imageRow(images.length + 1));
    // One product in a hundred has been deleted by an admin: the shop must not show it.
    const deletedAt = id % 100 === 0 ? new Date('2025-10-01T08:00:00Z') : null;
    products.push({
      id,
      title,
      description,
      category: category.id,
      categoryLabel: category.label,
      price,
      salePrice,
      effectivePrice: salePrice > 0 ? salePrice : price,
      totalStock,
      averageReview,
      imageId: images.length,
      deletedAt,
    });
    if (random.next() < 0.25) {
      const labels = [...VARIATION_LABELS].sort(() => random.next() - 0.5).slice(0, random.integer(2, 4));
      labels.forEach((label, position) => {
        images.push(imageRow(images.length + 1));
        variations.push([variations.length + 1, id, label, images.length, position]);
      });
    }
  }
  return { images, products, variations };
}

async function insertInChunks(pool, statement, rows) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await pool.query(statement, [rows.slice(start, start + ROWS_PER_INSERT)]);
  }
}

/**
 * Fills the bench database. Writes the columns the migrated schema has, except those MySQL
 * computes itself (a generated `effectivePrice` cannot be written; a plain one must be).
 */
export async function fillCatalogue(pool, count = PRODUCT_COUNT) {
  const { images, products, variations } = generateCatalogue(count);
  const [columns] = await pool.query(
    "SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'products' AND IS_GENERATED = 'NEVER'",
  );
  const productColumns = Object.keys(products[0]).filter((column) => columns.some((present) => present.name === column));
  await insertInChunks(pool, 'INSERT INTO product_images (id, storageKey, url, contentType, bytes, status, derivatives) VALUES ?', images);
  await insertInChunks(
    pool,
    `INSERT INTO products (${productColumns.map((column) => `\`${column}\``).join(', ')}) VALUES ?`,
    products.map((product) => productColumns.map((column) => product[column])),
  );
  await insertInChunks(pool, 'INSERT INTO product_variations (id, productId, label, imageId, position) VALUES ?', variations);
  // Fresh statistics, as a live shop's tables have: the optimizer picks indexes by them.
  await pool.query('ANALYZE TABLE products, product_images, product_variations');
  return {
    products: products.length,
    live: products.filter((product) => !product.deletedAt).length,
    images: images.length,
    variations: variations.length,
  };
}
