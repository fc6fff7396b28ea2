import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { serverStateArrived } from '../../app/server-state';

/** Where the product view shows: in the dialog over a shop page, or as the page /shop/product/{id}. */
export type ProductViewPlace = 'dialog' | 'page';

/** Which product the view shows, and where; the product and its reviews are the api cache's (catalogue.api.ts). */
export interface ProductViewState {
  place: ProductViewPlace | null;
  productId: number | null;
  /** The gallery image on show: 'original' or a variation's id (see galleryImages); null for the first. */
  selectedImageKey: string | null;
}

const closedProductView: ProductViewState = { place: null, productId: null, selectedImageKey: null };

function opened(place: ProductViewPlace) {
  return (_state: ProductViewState, action: PayloadAction<number>): ProductViewState => ({
    ...closedProductView,
    place,
    productId: action.payload,
  });
}

const productViewSlice = createSlice({
  name: 'productView',
  initialState: closedProductView,
  reducers: {
    productDialogOpened: opened('dialog'),
    productPageOpened: opened('page'),
    productViewClosed: () => closedProductView,
    productImageSelected(state, action: PayloadAction<string>) {
      state.selectedImageKey = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(serverStateArrived, (_state, action) => action.payload.productView),
});

export const { productDialogOpened, productPageOpened, productViewClosed, productImageSelected } = productViewSlice.actions;
export const productViewReducer = productViewSlice.reducer;
