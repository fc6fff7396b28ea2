import type { Product } from '@shop/contracts';

/** A plain toy in stock, for specs that need products but not their details. */
export const product = (id: number): Product => ({
  id,
  title: `Toy ${id}`,
  description: '',
  category: 'pretend-play',
  price: 1000,
  salePrice: 0,
  totalStock: 5,
  averageReview: 0,
  image: null,
  variations: [],
});
