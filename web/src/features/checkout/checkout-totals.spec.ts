import { MESSAGES, type Address } from '@shop/contracts';
import { checkoutTotals, paymentRefusal } from './checkout-totals';

const address = { id: 1, deliveryFee: 280 } as Address;

describe('the checkout totals', () => {
  it('adds the chosen address’s delivery fee to the subtotal', () => {
    expect(checkoutTotals(2450, address)).toEqual({ subtotal: 2450, deliveryFee: 280, total: 2730 });
  });

  it('has no fee, and totals the subtotal alone, while no address is chosen', () => {
    expect(checkoutTotals(2450, null)).toEqual({ subtotal: 2450, deliveryFee: null, total: 2450 });
  });
});

describe('before a payment starts', () => {
  it('refuses an empty cart first, whatever the address', () => {
    expect(paymentRefusal(0, address)).toBe(MESSAGES.checkout.cartEmpty);
    expect(paymentRefusal(0, null)).toBe(MESSAGES.checkout.cartEmpty);
  });

  it('refuses a cart without a chosen address', () => {
    expect(paymentRefusal(2, null)).toBe(MESSAGES.checkout.noAddressSelected);
  });

  it('lets a cart with an address through', () => {
    expect(paymentRefusal(2, address)).toBeNull();
  });
});
