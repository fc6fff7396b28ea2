import { LIMITS } from '@shop/contracts';

/** One toast at a time, five seconds each (spec §4 notifications): the shop's messages and the admin's notifications alike. */
export const TOAST_CONFIG = { maxCount: LIMITS.toastMaxVisible, duration: LIMITS.toastDurationMs / 1000 };
