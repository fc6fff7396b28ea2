import type { LazyFeature } from '../../app/store';
import { accountSaga } from './account.saga';
import { accountReducer } from './account.slice';

/** The signed-in person's own account: the Profile tab, and a new verification link from the page an old link opened. */
export const accountFeature: LazyFeature = {
  name: 'account',
  reducers: { account: accountReducer },
  saga: accountSaga,
};
