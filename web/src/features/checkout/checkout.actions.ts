import { createAction } from '@reduxjs/toolkit';
import type { PaymentMethod } from '@shop/contracts';

/** A pay button was pressed; the saga checks the cart and the address before any payment starts. */
export const paymentRequested = createAction<PaymentMethod>('checkout/paymentRequested');
