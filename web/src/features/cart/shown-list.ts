import type { SerializedError } from '@reduxjs/toolkit';
import { messageOfFailure, type ApiFailure } from '../../app/shop.api';

/** A read of one of the shopper's lists (the cart's lines, the wishlist's toys), as its hook answers it. */
interface ListRead<Item> {
  currentData?: Item[];
  isFetching: boolean;
  isError: boolean;
  error?: ApiFailure | SerializedError;
  refetch: () => unknown;
}

/**
 * A list as its screens show it: one that could not be read shows empty, with the reason and a way to read it again,
 * rather than an old copy (docs/product.md, Web routes); a guest's, never asked for, is empty.
 */
export function shownList<Item>({ currentData, isFetching, isError, error, refetch }: ListRead<Item>) {
  return {
    items: (isError ? undefined : currentData) ?? [],
    isLoading: isFetching,
    error: isError ? messageOfFailure(error) : null,
    retry: () => void refetch(),
  };
}
