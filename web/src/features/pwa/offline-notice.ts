/** What the shop says while the browser has no connection (OfflineNotice); the browser tests look for it too. */
export const OFFLINE_NOTICE = "You're offline. Toys you've already seen are still here; reconnect to order.";
