import type { AdminProduct } from '@shop/contracts';

/** A plain product for the admin specs: no sale, no image, no variations; 2 of its 5 units held by an order. */
export const KITE: AdminProduct = {
  id: 41,
  title: 'Kite',
  description: '',
  category: 'action-outdoor',
  price: 800,
  salePrice: 0,
  totalStock: 3,
  unitsOnHand: 5,
  unitsHeld: 2,
  stockVersion: 4,
  averageReview: 0,
  image: null,
  variations: [],
};
