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
  /** Every id column is an auto-increment INT UNSIGNED: a larger number names no record and fits no column. */
  idMax: 4_294_967_295,
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
  /** An admin's payment or refund reference (receipt, transaction number) and note, as their columns hold them. */
  paymentReferenceMaxLength: 100,
  paymentNoteMaxLength: 500,
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
  /**
   * Failed sign-ins, counted before the password is checked and given back when it is right. The
   * tight count is per e-mail from one client address, so guesses from a stranger's network never
   * lock the owner out of their own: 5 typos in 15 minutes is more than a shopper who forgot which
   * password they used makes before reaching for Google sign-in.
   */
  loginFailuresPerEmailFromAddress: 5,
  /** Across e-mails from one address: a home or office connection has room for several people's typos. */
  loginFailuresPerAddress: 20,
  loginFailureWindowMs: 15 * 60 * 1000,
  /**
   * Per e-mail from every address together, against guessing spread over many addresses: ten
   * addresses' worth of the tight limit per hour. A shop's owner never gets near it by their own
   * typos (the tight limit stops them at 5); an attacker with many addresses gets 50 guesses an hour.
   */
  loginFailuresPerEmail: 50,
  loginFailurePerEmailWindowMs: 60 * 60 * 1000,
  /** Different bodies kept for one M-Pesa push (Daraja sends one; the rest can only be forged). */
  mpesaCallbackBodiesPerPush: 3,
  /** Webhook deliveries refused unstored are listed for operators (newest first), this many for this long. */
  refusedWebhooksKept: 200,
  refusedWebhooksKeptMs: 7 * 24 * 3600 * 1000,
  /** The api's bodies are small forms; a catalogue product with twenty variations is a few kilobytes. */
  jsonBodyMaxBytes: 100 * 1024,
  /** The deepest body the shop sends nests four levels; far deeper ones only cost the validator's stack. */
  jsonBodyMaxDepth: 16,
  toastDurationMs: 5000,
  toastMaxVisible: 1,
  /** A touch that drags a toast this far sideways dismisses it. */
  toastSwipeDismissPx: 50,
  /** The key that takes keyboard focus to the toast on screen. */
  toastFocusKey: 'F8',
} as const;

/** How many of an action one key may take within a window; the shop's abuse limits (docs/security.md). */
export interface RateLimitPolicy {
  points: number;
  windowMs: number;
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Abuse limits, counted in Redis so every api instance shares them. Each is far above what a family
 * shopping normally does (one or two payments for an order, a retry after a wrong PIN) and far
 * below what a script does: the per-phone limit stops prompt-spamming one phone from many accounts,
 * the per-address one a farm of accounts behind one client address.
 */
export const RATE_LIMITS = {
  /** Payments started (M-Pesa pushes, PayPal orders) and PayPal captures asked for, per shopper. */
  checkoutPerShopper: { points: 15, windowMs: HOUR_MS },
  /** M-Pesa pushes one shopper sends to one phone number. */
  pushesToPhoneByShopper: { points: 5, windowMs: HOUR_MS },
  /**
   * M-Pesa pushes to one phone number from every account together: looser, as a family shares a
   * phone, and an account that saved someone else's number cannot use up more than half of it.
   */
  pushesToPhone: { points: 10, windowMs: HOUR_MS },
  /**
   * Checkouts from one client address: a household or an office shares one, and so do many mobile
   * subscribers behind a carrier's NAT, so this is a backstop behind the per-shopper limit.
   */
  checkoutPerClientAddress: { points: 60, windowMs: HOUR_MS },
  /** Accounts created from one client address. */
  registrationsPerClientAddress: { points: 10, windowMs: HOUR_MS },
  /** Google sign-ins started from one client address; each writes a short-lived key. */
  googleSignInStartsPerClientAddress: { points: 30, windowMs: 15 * MINUTE_MS },
  /**
   * PayPal webhook deliveries per client address, counted before each costs a verification call to
   * PayPal. A family shop's orders make a few a minute; PayPal's senders share addresses between shops.
   */
  paypalWebhooksPerClientAddress: { points: 120, windowMs: MINUTE_MS },
  /** New verification mails one account asks for: a few lost mails' worth, never a way to flood its own or another's inbox. */
  verificationMailsPerAccount: { points: 5, windowMs: HOUR_MS },
  /**
   * "Forgot password" requests for one e-mail address, counted whether or not an account has it
   * (else the limit itself would tell): the owner's few tries, never a stream of mails at someone.
   */
  passwordResetRequestsPerEmail: { points: 3, windowMs: HOUR_MS },
  /** "Forgot password" requests from one client address, across e-mails: a household's forgetting, not a sweep of addresses. */
  passwordResetRequestsPerClientAddress: { points: 10, windowMs: HOUR_MS },
  /**
   * Verification and reset links used from one client address. A token is 256 random bits, so this
   * guards the database and the argon2 work of a reset rather than the token against guessing.
   */
  emailLinkUsesPerClientAddress: { points: 20, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, RateLimitPolicy>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** What a shopper may put in one order: a family shop sells to families, not to resellers. */
export const ORDER_CAPS = {
  unitsPerLine: 20,
  unitsPerOrder: 60,
} as const;

export const CURRENCY = 'KES';
export const LOCALE = 'en-KE';

/** The sizes the image worker makes of every upload, each as WebP with a JPEG fallback (longest side, px). */
export const IMAGE_DERIVATIVE_SIZES = { thumbnail: 160, card: 480, detail: 1200 } as const;
export type ImageDerivativeSize = keyof typeof IMAGE_DERIVATIVE_SIZES;
/** Decoding stops above this many pixels: a tiny PNG can claim 20000×20000 and exhaust memory. */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
