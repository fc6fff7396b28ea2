import { categoryLabel, CURRENCY, effectivePrice, type Product } from '@shop/contracts';

/** A schema.org block for a `<script type="application/ld+json">`: what search engines and chat assistants read of a page without running it. */
export type StructuredData = Record<string, unknown>;

/** One step of a page's trail, with the page's absolute address. */
export interface Crumb {
  name: string;
  url: string;
}

/**
 * The toy as Google's product results read it: what the page says, at the price a shopper pays (the
 * sale price when on sale) and in stock as the page's StockTag says it (sold out at 0). No
 * aggregateRating: a product carries its average only, and a rating without its count is refused.
 */
export function productData(product: Product, { url, images }: { url: string; images: string[] }): StructuredData {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    ...(product.description ? { description: product.description } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    sku: String(product.id),
    category: categoryLabel(product.category),
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: effectivePrice(product),
      priceCurrency: CURRENCY,
      availability: product.totalStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** The trail a result shows under its title in place of the address: the shop, then narrower and narrower. */
export function breadcrumbData(crumbs: Crumb[]): StructuredData {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}
