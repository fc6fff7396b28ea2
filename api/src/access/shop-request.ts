import type { Request } from 'express';
import type { SessionUser } from '@shop/contracts';

/** An HTTP request after the access guard: who calls, through which session. */
export interface ShopRequest extends Request {
  user?: SessionUser;
  sessionId?: string;
}
