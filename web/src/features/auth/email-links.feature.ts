import type { LazyFeature } from '../../app/store';
import { emailLinksSaga } from './email-links.saga';
import { emailLinksReducer } from './email-links.slice';

/** "Forgot password?" and the pages the e-mailed links open; the verification page also loads the account's feature, for a new link. */
export const emailLinksFeature: LazyFeature = {
  name: 'emailLinks',
  reducers: { emailLinks: emailLinksReducer },
  saga: emailLinksSaga,
};
