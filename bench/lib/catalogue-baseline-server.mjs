// The catalogue bench's baseline: a bare node:http server answering the two benchmarked queries
// through mysql2 alone, with the SQL the api issues (api/src/catalogue/catalogue.service.ts as
// TypeORM writes it, and the two statements of ProductsService.findViews) and the same JSON, byte
// for byte in content. What the api does on top (Nest routing, validation, guards, helmet,
// logging, TypeORM's query building) is what the bench measures.
//
//   BASELINE_PORT=3303 DATABASE_URL=mysql://… DATABASE_POOL_SIZE=10 node bench/lib/catalogue-baseline-server.mjs
import { createServer } from 'node:http';
import { CATALOGUE_API, CATEGORY_IDS, LIMITS, LISTING_PAGE, SORT_OPTION_IDS } from '@shop/contracts';
import { openPool } from '../../infra/scripts/lib/bench-database.mjs';

const ORDER_BY = {
  'price-lowtohigh': '`product`.`effectivePrice` ASC, `product`.`id` ASC',
  'price-hightolow': '`product`.`effectivePrice` DESC, `product`.`id` DESC',
  'title-atoz': '`product`.`title` ASC, `product`.`id` ASC',
  'title-ztoa': '`product`.`title` DESC, `product`.`id` DESC',
};
const RELEVANCE = 'MATCH(`product`.`title`, `product`.`description`, `product`.`categoryLabel`) AGAINST (? IN BOOLEAN MODE)';
const SEARCH_PREFIX = CATALOGUE_API.search('');

const pool = await openPool(process.env.DATABASE_URL, Number(process.env.DATABASE_POOL_SIZE ?? 10));
const IMAGE_COLUMNS =
  'image.url AS imageUrl, image.status AS imageStatus, image.derivatives AS imageDerivatives, image.failureReason AS imageFailureReason';

/** api/src/products/product-view.ts for the shop's eyes. */
function imageSet(row) {
  if (row.imageUrl === null) return null;
  // mysql2 parses the JSON column itself where the server marks it as JSON (MariaDB does not), as the api allows for.
  const derivatives = typeof row.imageDerivatives === 'string' ? JSON.parse(row.imageDerivatives) : (row.imageDerivatives ?? []);
  const srcSet = [...derivatives].sort((a, b) => a.width - b.width).map(({ url, width, format }) => ({ url, width, format }));
  return { url: row.imageUrl, status: row.imageStatus, srcSet };
}

/** ProductsService.findViews: the same two statements, in parallel, and the same mapping. */
async function productsOf(ids) {
  const [[products], [variations]] = await Promise.all([
    pool.query(
      `SELECT product.id, product.title, product.description, product.category, product.price, product.salePrice, product.totalStock, product.averageReview, ${IMAGE_COLUMNS}
       FROM products product LEFT JOIN product_images image ON image.id = product.imageId
       WHERE product.id IN (?) AND product.deletedAt IS NULL`,
      [ids],
    ),
    pool.query(
      `SELECT variation.id, variation.productId, variation.label, ${IMAGE_COLUMNS}
       FROM product_variations variation JOIN product_images image ON image.id = variation.imageId
       WHERE variation.productId IN (?) ORDER BY variation.position, variation.id`,
      [ids],
    ),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = byId.get(id);
    if (!product) return [];
    return [
      {
        id: product.id,
        title: product.title,
        description: product.description,
        category: product.category,
        price: product.price,
        salePrice: product.salePrice,
        totalStock: product.totalStock,
        averageReview: Number(product.averageReview),
        image: imageSet(product),
        variations: variations
          .filter((variation) => variation.productId === id)
          .map((variation) => ({ id: variation.id, label: variation.label, image: imageSet(variation) })),
      },
    ];
  });
}

/** One page: the total and the page's ids (in parallel, like the api), then the products in the ids' order. */
async function page(where, parameters, orderBy, orderParameters, pageNumber, pageSize) {
  const [[[count]], [idRows]] = await Promise.all([
    pool.query(
      `SELECT COUNT(1) AS \`cnt\` FROM \`products\` \`product\` WHERE ${where} AND ( \`product\`.\`deletedAt\` IS NULL )`,
      parameters,
    ),
    pool.query(
      `SELECT \`product\`.\`id\` AS \`id\` FROM \`products\` \`product\` WHERE ${where} AND ( \`product\`.\`deletedAt\` IS NULL ) ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      [...parameters, ...orderParameters, pageSize, (pageNumber - 1) * pageSize],
    ),
  ]);
  const ids = idRows.map((row) => row.id);
  const data = ids.length > 0 ? await productsOf(ids) : [];
  return { success: true, data, pagination: { total: Number(count.cnt), page: pageNumber, pageSize } };
}

/** The benchmarked part of the listing's query string: categories, sort and page. */
function listing(params) {
  const categories = (params.get('category') ?? '').split(',').filter(Boolean);
  const sortBy = params.get('sortBy') ?? 'price-lowtohigh';
  const pageNumber = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? LISTING_PAGE.defaultSize);
  if (
    !categories.every((category) => CATEGORY_IDS.includes(category)) ||
    !SORT_OPTION_IDS.includes(sortBy) ||
    params.has('priceBand') ||
    params.has('availability')
  )
    return null;
  const where = categories.length > 0 ? `( \`product\`.\`category\` IN (${categories.map(() => '?').join(', ')}) )` : '1=1';
  return page(where, categories, ORDER_BY[sortBy], [], pageNumber, pageSize);
}

/** api/src/catalogue/catalogue.service.ts fulltextQueryOf, less the stopword list (no benchmarked keyword is one). */
function search(keyword, params) {
  if (keyword.trim().length <= LIMITS.searchKeywordMinExclusiveLength) return null;
  const words = keyword.toLocaleLowerCase('en').match(/[\p{L}\p{N}]+/gu) ?? [];
  const fulltextQuery = words
    .filter((word) => word.length >= 3)
    .map((word) => `+${word}*`)
    .join(' ');
  return page(
    `( ${RELEVANCE} )`,
    [fulltextQuery],
    `${RELEVANCE} DESC, \`product\`.\`id\` DESC`,
    [fulltextQuery],
    Number(params.get('page') ?? 1),
    Number(params.get('pageSize') ?? LISTING_PAGE.defaultSize),
  );
}

function answer(response, status, body) {
  const json = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

const server = createServer(async (request, response) => {
  try {
    const url = new URL(request.url, 'http://baseline');
    let result = null;
    if (url.pathname === '/health') return answer(response, 200, { status: 'ok' });
    if (url.pathname === CATALOGUE_API.shopProducts) result = listing(url.searchParams);
    else if (url.pathname.startsWith(SEARCH_PREFIX))
      result = search(decodeURIComponent(url.pathname.slice(SEARCH_PREFIX.length)), url.searchParams);
    if (!result) return answer(response, 404, { success: false, message: 'not a query the baseline answers' });
    answer(response, 200, await result);
  } catch (error) {
    answer(response, 500, { success: false, message: error.message });
  }
});
server.listen(Number(process.env.BASELINE_PORT), '127.0.0.1');

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
