import { formatKes } from '@shop/contracts';
import { orderOf } from './order-fixtures';
import { hasReceipt, receiptOf } from './receipt';

const paidByMpesa = orderOf(7, {
  orderStatus: 'confirmed',
  paymentStatus: 'paid',
  paymentReceipt: 'SGR7XK2P9Q',
  cartItems: [
    { productId: 3, title: 'Wooden train', image: null, price: 1500, quantity: 2, variationId: null, variationLabel: null },
    { productId: 9, title: 'Rag doll', image: null, price: 850, quantity: 1, variationId: 4, variationLabel: 'Blue dress' },
  ],
  subtotalAmount: 3850,
  deliveryFee: 150,
  totalAmount: 4000,
});

describe('the printable receipt', () => {
  it('lists each line with its quantity, unit price and amount in KES', () => {
    expect(receiptOf(paidByMpesa).lines).toEqual([
      { key: '3/0', title: 'Wooden train', variationLabel: null, quantity: 2, unitPrice: formatKes(1500), amount: formatKes(3000) },
      { key: '9/4', title: 'Rag doll', variationLabel: 'Blue dress', quantity: 1, unitPrice: formatKes(850), amount: formatKes(850) },
    ]);
  });

  it('adds the delivery fee to the lines for the total the shopper paid, and names the order as the web does', () => {
    expect(receiptOf(paidByMpesa)).toMatchObject({
      orderNumber: '#7',
      subtotal: formatKes(3850),
      deliveryFee: formatKes(150),
      total: formatKes(4000),
      refund: null,
    });
  });

  it('gives the M-Pesa receipt of an M-Pesa payment', () => {
    expect(receiptOf(paidByMpesa).payment).toEqual({ method: 'M-Pesa', referenceLabel: 'M-Pesa receipt', reference: 'SGR7XK2P9Q' });
  });

  it('gives PayPal’s reference of a PayPal payment', () => {
    const paidByPaypal = orderOf(8, {
      paymentMethod: 'paypal',
      paymentStatus: 'paid',
      paymentReceipt: '3C679366HH908993F',
      paymentId: 'PAYPAL-ORDER-1',
    });
    expect(receiptOf(paidByPaypal).payment).toEqual({
      method: 'PayPal',
      referenceLabel: 'PayPal reference',
      reference: '3C679366HH908993F',
    });
  });

  it('gives the reference an admin recorded for money paid another way, whatever the checkout chose', () => {
    const paidInCash = orderOf(9, {
      paymentStatus: 'paid',
      offlinePayment: { method: 'cash', reference: 'Delivery note 114', note: 'paid at the gate' },
    });
    expect(receiptOf(paidInCash).payment).toEqual({
      method: 'Cash on delivery',
      referenceLabel: 'Reference',
      reference: 'Delivery note 114',
    });
  });

  it('says what was given back on a refunded order', () => {
    const refunded = orderOf(10, {
      paymentStatus: 'refunded',
      paymentReceipt: 'SGR7XK2P9Q',
      refund: { amount: 3150, reference: 'RFD-1', refundedAt: '2025-06-03T09:00:00.000Z' },
    });
    expect(receiptOf(refunded).refund).toContain('RFD-1');
    expect(hasReceipt(refunded)).toBe(true);
  });

  it('is offered for money received only: not while the payment waits, nor after it failed', () => {
    expect(hasReceipt(paidByMpesa)).toBe(true);
    expect(hasReceipt(orderOf(11))).toBe(false);
    expect(hasReceipt(orderOf(12, { paymentStatus: 'failed' }))).toBe(false);
    expect(hasReceipt(orderOf(13, { paymentStatus: 'unknown' }))).toBe(false);
  });
});
