import { LIMITS, MESSAGES, shownUnitsLeft, type ImageSet, type Product } from '@shop/contracts';

export interface StockBadge {
  text: string;
  tone: 'error' | 'warning';
}

/** The stock badge: 'Out Of Stock' when sold out, 'Only {n} items left' (one item: 'Only 1 item left') when few are, nothing otherwise. */
export function stockBadge(totalStock: number): StockBadge | null {
  const unitsLeft = shownUnitsLeft(totalStock);
  if (unitsLeft === null) return null;
  return unitsLeft === 0
    ? { text: MESSAGES.catalogue.outOfStock, tone: 'error' }
    : { text: MESSAGES.catalogue.onlyItemsLeft(unitsLeft), tone: 'warning' };
}

/** What Feature Products says under the last toy of the catalogue. */
export function featuredEndText(total: number): string {
  return total === 1 ? 'That is our one toy.' : `That is every toy: all ${total} of them.`;
}

export function isOnSale(product: Pick<Product, 'salePrice'>): boolean {
  return product.salePrice > 0;
}

/** Stars show in halves; an average of 3.3 reads as 3.5 stars beside the exact figure. */
export function starsOfAverage(averageReview: number): number {
  return Math.round(averageReview * 2) / 2;
}

export interface DescriptionPreview {
  text: string;
  isShortened: boolean;
}

/** The first words of a description (LIMITS.descriptionPreviewWords: 20), and whether anything was left out. */
export function descriptionPreview(description: string, wordLimit: number = LIMITS.descriptionPreviewWords): DescriptionPreview {
  const words = description
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length <= wordLimit) return { text: description.trim(), isShortened: false };
  return { text: `${words.slice(0, wordLimit).join(' ')}…`, isShortened: true };
}

export interface GalleryImage {
  /** 'original' for the product's own image, otherwise the variation's id. */
  key: string;
  image: ImageSet;
  alt: string;
  /** The variation's label, shown beside the title while its image is on show. */
  variationLabel: string | null;
}

/** The product dialog's images: the original first, then every variation (docs/product.md, Catalogue). */
export function galleryImages(product: Pick<Product, 'title' | 'image' | 'variations'>): GalleryImage[] {
  const original: GalleryImage[] = product.image
    ? [{ key: 'original', image: product.image, alt: product.title, variationLabel: null }]
    : [];
  const variations = product.variations.map((variation) => ({
    key: String(variation.id),
    image: variation.image,
    alt: `${product.title}, ${variation.label}`,
    variationLabel: variation.label,
  }));
  return [...original, ...variations];
}

/** The image on show: the chosen one, or the first when none was chosen (or the choice is gone after a refresh). */
export function shownGalleryImage(images: GalleryImage[], selectedKey: string | null): GalleryImage | null {
  return images.find((candidate) => candidate.key === selectedKey) ?? images[0] ?? null;
}

/** Ids are positive whole numbers; anything else in the address names no product. */
export function productIdOf(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}
