import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardSummary } from '@shop/contracts';

interface DashboardState {
  summary: DashboardSummary | null;
  isLoading: boolean;
  error: string | null;
}

const initialState: DashboardState = { summary: null, isLoading: false, error: null };

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    dashboardRequested(state) {
      state.isLoading = true;
      state.error = null;
    },
    dashboardLoaded(state, action: PayloadAction<DashboardSummary>) {
      state.summary = action.payload;
      state.isLoading = false;
    },
    dashboardFailed(state, action: PayloadAction<string>) {
      state.summary = null;
      state.isLoading = false;
      state.error = action.payload;
    },
  },
});

export const { dashboardRequested, dashboardLoaded, dashboardFailed } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
