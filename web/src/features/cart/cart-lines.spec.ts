import { MESSAGES } from '@shop/contracts';
import { cartItem } from './cart-fixtures';
import { cartCount, cartLineKey, cartLineName, cartSubtotal, isVariationGone, stockRefusal } from './cart-lines';

describe('cart figures', () => {
  const items = [cartItem(1, { price: 1500, salePrice: 1200, quantity: 2 }), cartItem(2, { price: 800, salePrice: 0, quantity: 3 })];

  it('prices each line at its sale price when there is one', () => {
    expect(cartSubtotal(items)).toBe(1200 * 2 + 800 * 3);
  });

  it('counts pieces for the badge, not lines', () => {
    expect(cartCount(items)).toBe(5);
  });

  it('is zero for an empty cart', () => {
    expect(cartSubtotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });
});

describe('the stock, checked before any request', () => {
  const lamp = cartItem(1, { quantity: 2, totalStock: 2 });

  it('refuses one more piece than the stock, naming the pieces the cart holds', () => {
    expect(stockRefusal([lamp], 1, 1, 2)).toBe('Only 2 quantity can be added for this item');
    expect(stockRefusal([lamp], 1, 1, 3)).toBeNull();
  });

  it('refuses an out-of-stock product even when the cart does not hold it', () => {
    expect(stockRefusal([lamp], 3, 1, 0)).toBe(MESSAGES.cart.onlyQuantityCanBeAdded(0));
    expect(stockRefusal([lamp], 3, 1, 1)).toBeNull();
  });

  it('counts every line of the product against its stock, whatever the variation', () => {
    const red = cartItem(5, { variationId: 51, variationLabel: 'Red', quantity: 3, totalStock: 4 });
    const blue = cartItem(5, { variationId: 52, variationLabel: 'Blue', quantity: 1, totalStock: 4 });
    const other = cartItem(6, { quantity: 9, totalStock: 9 });
    expect(stockRefusal([red, blue, other], 5, 1, 4)).toBe(MESSAGES.cart.onlyQuantityCanBeAdded(4));
    expect(stockRefusal([red, blue, other], 5, 0, 4)).toBeNull();
  });

  it('lets a line go down, but not while the product would still hold more than the stock left', () => {
    const line = cartItem(7, { quantity: 5, totalStock: 3 });
    expect(stockRefusal([line], 7, -1, 3)).toBe(MESSAGES.cart.onlyQuantityCanBeAdded(5));
    expect(stockRefusal([line], 7, -2, 3)).toBeNull();
  });
});

describe('the lines of the cart', () => {
  const red = cartItem(5, { variationId: 51, variationLabel: 'Red' });
  const plain = cartItem(5);

  it('keys, names and flags each line', () => {
    expect([red, plain].map(cartLineKey)).toEqual(['5/51', '5/0']);
    expect([red, plain].map(cartLineName)).toEqual(['Toy 5, Red', 'Toy 5']);
    expect([red, plain, cartItem(5, { variationId: 50, variationLabel: null })].map(isVariationGone)).toEqual([false, false, true]);
  });
});
