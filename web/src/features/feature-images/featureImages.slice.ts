import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FeatureImage } from '@shop/contracts';

interface FeatureImagesState {
  items: FeatureImage[];
  isLoading: boolean;
  error: string | null;
  /** An uploaded image is being added to the carousel (admin). */
  isAdding: boolean;
  deletingIds: number[];
}

/**
 * Loading from the start: both screens that show the pictures ask for them as they open, and until the
 * answer the carousel's box must hold their place rather than flash the no-pictures welcome banner.
 */
const initialState: FeatureImagesState = { items: [], isLoading: true, error: null, isAdding: false, deletingIds: [] };

/** The home page carousel's pictures, also managed on the admin's Feature images screen. */
const featureImagesSlice = createSlice({
  name: 'featureImages',
  initialState,
  reducers: {
    featureImagesRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    featureImagesLoaded(state, action: PayloadAction<FeatureImage[]>) {
      state.items = action.payload;
      state.isLoading = false;
    },
    featureImagesFailed(state, action: PayloadAction<string>) {
      state.items = [];
      state.isLoading = false;
      state.error = action.payload;
    },
    /** The url of an upload, to become the carousel's next picture. */
    featureImageAddRequested(state, _action: PayloadAction<string>) {
      state.isAdding = true;
    },
    featureImageAdded(state, action: PayloadAction<FeatureImage>) {
      state.items.push(action.payload);
      state.isAdding = false;
    },
    featureImageAddFailed(state) {
      state.isAdding = false;
    },
    featureImageDeleteRequested(state, action: PayloadAction<number>) {
      state.deletingIds.push(action.payload);
    },
    featureImageDeleted(state, action: PayloadAction<number>) {
      state.items = state.items.filter((featureImage) => featureImage.id !== action.payload);
      state.deletingIds = state.deletingIds.filter((id) => id !== action.payload);
    },
    featureImageDeleteFailed(state, action: PayloadAction<number>) {
      state.deletingIds = state.deletingIds.filter((id) => id !== action.payload);
    },
  },
});

export const {
  featureImagesRequested,
  featureImagesLoaded,
  featureImagesFailed,
  featureImageAddRequested,
  featureImageAdded,
  featureImageAddFailed,
  featureImageDeleteRequested,
  featureImageDeleted,
  featureImageDeleteFailed,
} = featureImagesSlice.actions;
export const featureImagesReducer = featureImagesSlice.reducer;
