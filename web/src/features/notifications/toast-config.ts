import { LIMITS } from '@shop/contracts';

/** One toast at a time, five seconds each (docs/product.md, Notifications): the shop's messages and the admin's notifications alike. */
export const TOAST_CONFIG = { maxCount: LIMITS.toastMaxVisible, duration: LIMITS.toastDurationMs / 1000 };
