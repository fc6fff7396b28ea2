import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CartItem } from '@shop/contracts';
import type { RootState } from '../../app/store';
import { selectShopperId } from '../auth/shopper-session';
import { cartApi } from './cart.api';

/** The lines the signed-in shopper is shown (none when their cart could not be read): what paying is checked against. */
export function selectCartItems(state: RootState): CartItem[] {
  const { data, isError } = cartApi.endpoints.getCart.select(selectShopperId(state) ?? skipToken)(state);
  return (isError ? undefined : data) ?? [];
}
