import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Address, DeliveryCounty } from '@shop/contracts';
import { choosePlace, draftOf, EMPTY_ADDRESS_DRAFT, type AddressDraft, type PlaceField, type TextField } from './address-form';

export interface AddressesState {
  items: Address[];
  isLoading: boolean;
  error: string | null;
  /** The zone table as the api serves it: the one source of the cascading selects. */
  zones: readonly DeliveryCounty[];
  zonesLoading: boolean;
  zonesError: string | null;
  draft: AddressDraft;
  /** The address the form edits; null in add mode. */
  editingId: number | null;
  isSaving: boolean;
  deletingId: number | null;
  /** The address the checkout delivers to. */
  selectedAddressId: number | null;
}

const initialState: AddressesState = {
  items: [],
  isLoading: false,
  error: null,
  zones: [],
  zonesLoading: false,
  zonesError: null,
  draft: EMPTY_ADDRESS_DRAFT,
  editingId: null,
  isSaving: false,
  deletingId: null,
  selectedAddressId: null,
};

function resetForm(state: AddressesState) {
  state.draft = EMPTY_ADDRESS_DRAFT;
  state.editingId = null;
}

const addressesSlice = createSlice({
  name: 'addresses',
  initialState,
  reducers: {
    addressesRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    addressesLoaded(state, action: PayloadAction<Address[]>) {
      state.items = action.payload;
      state.isLoading = false;
      state.error = null;
      // A selection or an edit of an address that is gone (deleted in another tab) must not linger.
      if (!action.payload.some((address) => address.id === state.selectedAddressId)) state.selectedAddressId = null;
      if (state.editingId !== null && !action.payload.some((address) => address.id === state.editingId)) resetForm(state);
    },
    /** A failed fetch empties the list (docs/product.md, Web routes). */
    addressesFailed(state, action: PayloadAction<string>) {
      state.items = [];
      state.isLoading = false;
      state.error = action.payload;
      state.selectedAddressId = null;
    },

    deliveryZonesRequested(state) {
      state.zonesLoading = true;
      state.zonesError = null;
    },
    // Returned rather than assigned: the table is read-only and immer's drafts are not.
    deliveryZonesLoaded(state, action: PayloadAction<readonly DeliveryCounty[]>) {
      return { ...state, zones: action.payload, zonesLoading: false, zonesError: null };
    },
    deliveryZonesFailed(state, action: PayloadAction<string>) {
      state.zonesLoading = false;
      state.zonesError = action.payload;
    },

    addressPlaceChosen(state, action: PayloadAction<{ field: PlaceField; value: string }>) {
      state.draft = choosePlace(state.draft, state.zones, action.payload.field, action.payload.value);
    },
    addressTextChanged(state, action: PayloadAction<{ field: TextField; value: string }>) {
      state.draft[action.payload.field] = action.payload.value;
    },
    addressEditStarted(state, action: PayloadAction<Address>) {
      state.draft = draftOf(action.payload);
      state.editingId = action.payload.id;
    },
    addressFormReset: resetForm,

    /** The saga sends the draft: an add, or an update of editingId. */
    addressSubmitted(state) {
      state.isSaving = true;
    },
    addressSaved(state) {
      state.isSaving = false;
      resetForm(state);
    },
    /** A refused fourth address resets the form; other refusals keep it for a correction. */
    addressRefused(state, action: PayloadAction<{ resetForm: boolean }>) {
      state.isSaving = false;
      if (action.payload.resetForm) resetForm(state);
    },

    addressDeleteRequested(state, action: PayloadAction<number>) {
      state.deletingId = action.payload;
    },
    addressDeleted(state, action: PayloadAction<number>) {
      state.deletingId = null;
      state.items = state.items.filter((address) => address.id !== action.payload);
      if (state.selectedAddressId === action.payload) state.selectedAddressId = null;
      resetForm(state);
    },
    addressDeleteFailed(state) {
      state.deletingId = null;
    },

    addressSelected(state, action: PayloadAction<number>) {
      state.selectedAddressId = action.payload;
    },
    /** The signed-in user changed: nothing of the last shopper's addresses stays; the zone table is everyone's. */
    addressesCleared(state) {
      return { ...initialState, zones: state.zones };
    },
  },
});

export const {
  addressesRequested,
  addressesLoaded,
  addressesFailed,
  deliveryZonesRequested,
  deliveryZonesLoaded,
  deliveryZonesFailed,
  addressPlaceChosen,
  addressTextChanged,
  addressEditStarted,
  addressFormReset,
  addressSubmitted,
  addressSaved,
  addressRefused,
  addressDeleteRequested,
  addressDeleted,
  addressDeleteFailed,
  addressSelected,
  addressesCleared,
} = addressesSlice.actions;
export const addressesReducer = addressesSlice.reducer;
