import type { Address } from '@shop/contracts';
import type { RootState } from '../../app/store';

export const selectAddresses = (state: RootState) => state.addresses;

/** The address the checkout delivers to, as last loaded (an edit's new fee shows at once). */
export const selectSelectedAddress = (state: RootState): Address | null =>
  state.addresses.items.find((address) => address.id === state.addresses.selectedAddressId) ?? null;
