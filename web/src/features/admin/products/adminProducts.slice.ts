import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminProduct, ProductInput } from '@shop/contracts';

interface AdminProductsState {
  /** Newest first, as the api sends them. */
  items: AdminProduct[];
  isLoading: boolean;
  /** The list has answered at least once: until then the screen shows skeletons, not the empty state. */
  hasLoaded: boolean;
  error: string | null;
  /** The add/edit sheet; productId null means adding. Kept on close so the sheet keeps its title while it slides away. */
  sheet: { open: boolean; productId: number | null };
  isSaving: boolean;
  deletingIds: number[];
}

const initialState: AdminProductsState = {
  items: [],
  isLoading: false,
  hasLoaded: false,
  error: null,
  sheet: { open: false, productId: null },
  isSaving: false,
  deletingIds: [],
};

export interface ProductSave {
  /** null to add a product, its id to edit it. */
  productId: number | null;
  input: ProductInput;
}

const adminProductsSlice = createSlice({
  name: 'adminProducts',
  initialState,
  reducers: {
    adminProductsRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    adminProductsLoaded(state, action: PayloadAction<AdminProduct[]>) {
      state.items = action.payload;
      state.isLoading = false;
      state.hasLoaded = true;
    },
    /** A failed fetch empties the list (docs/product.md, Web routes). */
    adminProductsFailed(state, action: PayloadAction<string>) {
      state.items = [];
      state.isLoading = false;
      state.hasLoaded = true;
      state.error = action.payload;
    },
    productSheetOpened(state, action: PayloadAction<number | null>) {
      state.sheet = { open: true, productId: action.payload };
    },
    productSheetClosed(state) {
      state.sheet.open = false;
    },
    productSaveRequested(state, _action: PayloadAction<ProductSave>) {
      state.isSaving = true;
    },
    productSaved(state) {
      state.isSaving = false;
      state.sheet.open = false;
    },
    productSaveFailed(state) {
      state.isSaving = false;
    },
    productDeleteRequested(state, action: PayloadAction<number>) {
      state.deletingIds.push(action.payload);
    },
    productDeleted(state, action: PayloadAction<number>) {
      state.items = state.items.filter((product) => product.id !== action.payload);
      state.deletingIds = state.deletingIds.filter((id) => id !== action.payload);
    },
    productDeleteFailed(state, action: PayloadAction<number>) {
      state.deletingIds = state.deletingIds.filter((id) => id !== action.payload);
    },
  },
});

export const {
  adminProductsRequested,
  adminProductsLoaded,
  adminProductsFailed,
  productSheetOpened,
  productSheetClosed,
  productSaveRequested,
  productSaved,
  productSaveFailed,
  productDeleteRequested,
  productDeleted,
  productDeleteFailed,
} = adminProductsSlice.actions;
export const adminProductsReducer = adminProductsSlice.reducer;
