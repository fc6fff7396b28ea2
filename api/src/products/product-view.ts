import type { CategoryId, Product as ProductView } from '@shop/contracts';
import type { ImageDerivative, ImageStatus } from '@shop/db';
import { toImageSet } from '../images/image-sets.js';

/** The image columns a product row or a variation row carries from its join with product_images. */
interface ImageColumns {
  imageUrl: string | null;
  imageStatus: ImageStatus | null;
  /** MySQL hands JSON columns over parsed, MariaDB (where JSON is text) as a string. */
  imageDerivatives: ImageDerivative[] | string | null;
  imageFailureReason: string | null;
}

export interface ProductRow extends ImageColumns {
  id: number;
  title: string;
  description: string;
  category: CategoryId;
  price: number;
  salePrice: number;
  totalStock: number;
  /** DECIMAL arrives as a string. */
  averageReview: string | number;
}

export interface VariationRow extends ImageColumns {
  id: number;
  productId: number;
  label: string;
}

function imageOf(row: ImageColumns, audience: 'admin' | 'shop') {
  if (row.imageUrl === null || row.imageStatus === null) return null;
  const derivatives =
    typeof row.imageDerivatives === 'string' ? (JSON.parse(row.imageDerivatives) as ImageDerivative[]) : (row.imageDerivatives ?? []);
  return toImageSet({ url: row.imageUrl, status: row.imageStatus, derivatives, failureReason: row.imageFailureReason }, audience);
}

/** A product as the api answers it, from its row and its variations' rows (in their order). */
export function toProductView(product: ProductRow, variations: VariationRow[], audience: 'admin' | 'shop'): ProductView {
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    category: product.category,
    price: product.price,
    salePrice: product.salePrice,
    totalStock: product.totalStock,
    averageReview: Number(product.averageReview),
    image: imageOf(product, audience),
    variations: variations.map((variation) => ({ id: variation.id, label: variation.label, image: imageOf(variation, audience)! })),
  };
}
