// The checkout bench's shoppers: each an account, a live session, addresses and a one-line cart,
// written with multi-row INSERTs (a thousand sign-ups through the api would hash a thousand
// passwords and trip the login throttle long before the bench began). Loaded after the build.
import { randomBytes } from 'node:crypto';
import { CATEGORIES, DELIVERY_ZONES, deliveryFeeOf, effectivePrice, LIMITS } from '@shop/contracts';
// The api's own rule for stored sessions (only a token's hash is kept), so the two cannot drift apart.
import { sessionTokenHash } from '../../../api/dist/access/session-token.js';

const ROWS_PER_INSERT = 1000;

/**
 * A few toys everyone buys at once, so the shoppers' stock reservations meet on the same rows as
 * they would on a sale day. Two are on sale, so the order's price comes from `salePrice`.
 */
const PRODUCTS = [
  { title: 'Wooden Toy Matatu', category: 'pretend-play', price: 1450, salePrice: 0 },
  { title: 'Giraffe Floor Puzzle', category: 'educational-toys', price: 980, salePrice: 850 },
  { title: 'Bao Board', category: 'card-board-games', price: 2200, salePrice: 0 },
  { title: 'Balance Bike', category: 'action-outdoor', price: 6500, salePrice: 5990 },
  { title: 'Glow-in-the-Dark Kite', category: 'action-outdoor', price: 650, salePrice: 0 },
];
/** Units left over on every product but the first, which sells out to the last unit. */
const SPARE_UNITS = 25;

async function insertRows(pool, table, columns, rows) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await pool.query(`INSERT INTO \`${table}\` (${columns.map((column) => `\`${column}\``).join(', ')}) VALUES ?`, [
      rows.slice(start, start + ROWS_PER_INSERT),
    ]);
  }
}

/** Every delivery location of the zone table, so the shoppers' fees vary as a real crowd's would. */
function deliveryPlaces() {
  return DELIVERY_ZONES.flatMap((county) =>
    county.subCounties.flatMap((subCounty) =>
      subCounty.locations.map((location) => ({ county: county.name, subCounty: subCounty.name, location: location.name })),
    ),
  );
}

/**
 * The network a bench shopper checks out from, as the proxy in front of the api reports it
 * (X-Forwarded-For, believed with TRUST_PROXY_HOPS=1): shoppers pay from their own homes, so the
 * per-address checkout limit (RATE_LIMITS) counts each of them, not the machine the bench runs on.
 */
export const clientAddressOf = (number) => `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`;

/**
 * `count` shoppers ready to pay: shopper i buys one or two units of product i mod 5 and pays from
 * the phones of their own addresses (2547 1…, none of the sandbox's test numbers, so every payment
 * succeeds; the shop pushes only to a phone of the shopper's addresses). Stock covers every cart;
 * the first product has exactly the units its carts want, so the last orders of it take its last
 * unit. Answers the shoppers (token, `addresses` as { id, phone }, `clientAddress`) and the products.
 * A shopper has `addressesPerShopper` addresses in one zone, each with a phone of its own: a bench
 * that pays more often than RATE_LIMITS.pushesToPhoneByShopper allows one shopper's phone spreads the pushes over them.
 * A run that fills several batches into one database names each (`label`, in the e-mails) and
 * numbers its shoppers on from `firstIndex` (in the names, phones and client addresses); each batch
 * gets its own five products.
 */
export async function fillShoppers(pool, count, { label = 'bench', firstIndex = 0, addressesPerShopper = 1 } = {}) {
  if (addressesPerShopper > LIMITS.maxAddressesPerUser)
    throw new Error(`a shopper may save at most ${LIMITS.maxAddressesPerUser} addresses (asked for ${addressesPerShopper})`);
  const labels = new Map(CATEGORIES.map((category) => [category.id, category.label]));
  const wants = PRODUCTS.map(() => 0);
  const lines = Array.from({ length: count }, (_, index) => {
    const product = index % PRODUCTS.length;
    const quantity = index % 3 === 0 ? 2 : 1;
    wants[product] += quantity;
    return { product, quantity };
  });
  const products = PRODUCTS.map((product, index) => ({ ...product, totalStock: wants[index] + (index === 0 ? 0 : SPARE_UNITS) }));
  const [[{ lastProductId }]] = await pool.query('SELECT COALESCE(MAX(id), 0) AS lastProductId FROM products');
  await insertRows(
    pool,
    'products',
    ['title', 'description', 'category', 'categoryLabel', 'price', 'salePrice', 'effectivePrice', 'totalStock', 'averageReview', 'imageId'],
    products.map((product) => [
      product.title,
      `${product.title}: a bench favourite.`,
      product.category,
      labels.get(product.category),
      product.price,
      product.salePrice,
      effectivePrice(product),
      product.totalStock,
      0,
      null,
    ]),
  );
  const [productRows] = await pool.query('SELECT id FROM products WHERE id > ? ORDER BY id', [lastProductId]);
  products.forEach((product, index) => (product.id = productRows[index].id));

  const number = (index) => firstIndex + index + 1;
  await insertRows(
    pool,
    'users',
    ['userName', 'email', 'passwordHash', 'role'],
    lines.map((_, index) => [`Bench Shopper ${number(index)}`, `${label}-shopper-${number(index)}@example.test`, null, 'user']),
  );
  const [userRows] = await pool.query('SELECT id FROM users WHERE email LIKE ? ORDER BY id', [`${label}-shopper-%`]);
  const shoppers = userRows.map(({ id }, index) => ({
    userId: id,
    token: randomBytes(32).toString('base64url'),
    clientAddress: clientAddressOf(number(index)),
    addresses: Array.from({ length: addressesPerShopper }, (_, nth) => ({
      phone: `2547${String(10_000_000 + (firstIndex + index) * addressesPerShopper + nth)}`,
    })),
    ...lines[index],
  }));
  const expiresAt = new Date(Date.now() + LIMITS.sessionIdleTimeoutMs);
  await insertRows(
    pool,
    'sessions',
    ['tokenHash', 'userId', 'expiresAt'],
    shoppers.map((shopper) => [sessionTokenHash(shopper.token), shopper.userId, expiresAt]),
  );

  const places = deliveryPlaces();
  await insertRows(
    pool,
    'addresses',
    ['userId', 'county', 'subCounty', 'location', 'specificAddress', 'phone', 'notes', 'deliveryFee'],
    shoppers.flatMap((shopper, index) => {
      const place = places[index % places.length];
      return shopper.addresses.map(({ phone }) => [
        shopper.userId,
        place.county,
        place.subCounty,
        place.location,
        `House ${number(index)}, Bench Lane`,
        phone,
        '',
        deliveryFeeOf(place),
      ]);
    }),
  );
  const userIds = shoppers.map((shopper) => shopper.userId);
  const [addressRows] = await pool.query('SELECT id, phone FROM addresses WHERE userId IN (?)', [userIds]);
  const addressIdOf = new Map(addressRows.map((row) => [row.phone, row.id]));
  await insertRows(
    pool,
    'carts',
    ['userId'],
    shoppers.map((shopper) => [shopper.userId]),
  );
  const [cartRows] = await pool.query('SELECT id, userId FROM carts WHERE userId IN (?)', [userIds]);
  const cartOf = new Map(cartRows.map((row) => [row.userId, row.id]));
  await insertRows(
    pool,
    'cart_items',
    ['cartId', 'productId', 'quantity'],
    shoppers.map((shopper) => [cartOf.get(shopper.userId), products[shopper.product].id, shopper.quantity]),
  );
  for (const address of shoppers.flatMap((shopper) => shopper.addresses)) address.id = addressIdOf.get(address.phone);
  return { shoppers, products };
}
