export const LIMITS = {
  maxAddressesPerUser: 3,
  specificAddressMaxLength: 255,
  addressNotesMaxLength: 500,
  maxImageBytes: 5 * 1024 * 1024,
  allowedImageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  variationLabelMaxLength: 100,
  productTitleMaxLength: 200,
  productDescriptionMaxLength: 5000,
  variationsPerProductMax: 20,
  /** Prices and stock fit an unsigned INT with room to spare; nobody sells a ten-million-shilling toy. */
  amountMax: 10_000_000,
  /** A search keyword must be longer than this after trimming. */
  searchKeywordMinExclusiveLength: 3,
  /** Words past this many characters of a keyword are not searched for. */
  searchKeywordMaxLength: 100,
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
  /** argon2 hashes any length; the cap only stops megabyte "passwords" from costing CPU. */
  passwordMaxLength: 128,
  userNameMaxLength: 100,
  emailMaxLength: 254,
  /** A session not used for this long ends; every use pushes the end back (sliding expiry). */
  sessionIdleTimeoutMs: 14 * 24 * 3600 * 1000,
  /** Sliding the expiry writes to the database, so it happens at most this often per session. */
  sessionRenewIntervalMs: 10 * 60 * 1000,
  /** Failed sign-ins allowed per e-mail, and per client address, within the window. */
  loginFailuresPerEmail: 5,
  loginFailuresPerAddress: 20,
  loginFailureWindowMs: 15 * 60 * 1000,
  toastDurationMs: 5000,
  toastMaxVisible: 1,
} as const;

export const CURRENCY = 'KES';
export const LOCALE = 'en-KE';

/** The sizes the image worker makes of every upload, each as WebP with a JPEG fallback (longest side, px). */
export const IMAGE_DERIVATIVE_SIZES = { thumbnail: 160, card: 480, detail: 1200 } as const;
export type ImageDerivativeSize = keyof typeof IMAGE_DERIVATIVE_SIZES;
/** Decoding stops above this many pixels: a tiny PNG can claim 20000×20000 and exhaust memory. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
