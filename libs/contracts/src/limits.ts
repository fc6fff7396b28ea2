export const LIMITS = {
  maxAddressesPerUser: 3,
  maxImageBytes: 5 * 1024 * 1024,
  allowedImageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  variationLabelMaxLength: 100,
  /** A search keyword must be longer than this after trimming. */
  searchKeywordMinExclusiveLength: 3,
  searchDebounceMs: 1000,
  heroCarouselIntervalMs: 15_000,
  descriptionPreviewWords: 20,
  lowStockThreshold: 10,
  variationChipsOnCard: 4,
  adminProductSkeletons: 8,
  productCardIdSuffixLength: 6,
  productEditIdSuffixLength: 8,
  mpesaPhoneMinLength: 10,
  reviewMessageMaxLength: 1000,
  reviewValueMin: 1,
  reviewValueMax: 5,
  passwordMinLength: 8,
  toastDurationMs: 5000,
  toastMaxVisible: 1,
} as const;

export const CURRENCY = 'KES';
export const LOCALE = 'en-KE';
