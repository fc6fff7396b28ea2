import type { Product } from '@shop/contracts';

/** A plain product for the admin specs: no sale, no image, no variations. */
export const KITE: Product = {
  id: 41,
  title: 'Kite',
  description: '',
  category: 'action-outdoor',
  price: 800,
  salePrice: 0,
  totalStock: 3,
  averageReview: 0,
  image: null,
  variations: [],
};
