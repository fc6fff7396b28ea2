import { formatKes } from './money.js';

/**
 * Every text the shop shows a user, once (docs/product.md, Messages). Keys name the situation, values are the words.
 * Server answers carry these in `message`; the web shows them as toasts or screen texts.
 */
/** The same words whether Google sign-in or any other call could not reach its server. */
const NETWORK_ERROR = 'Network error. Please check your connection and try again.';

/** "in 40 seconds", "in 1 minute", "in 12 minutes": when a refused action may be tried again. */
export function waitInWords(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const MESSAGES = {
  cart: {
    onlyQuantityCanBeAdded: (quantity: number) => `Only ${quantity} quantity can be added for this item`,
    itemUpdated: 'Cart item is updated successfully',
    itemDeleted: 'Cart item is deleted successfully',
    productAdded: 'Product is added to cart',
    empty: 'Your cart is empty',
    quantityInvalid: 'Quantity must be a whole number of at least 1.',
    quantityTooLarge: (maximum: number) => `Quantity must be at most ${maximum}.`,
    notInCart: 'This product is not in your cart.',
    variationGone: 'This option is no longer offered. Please remove it from your cart.',
    loginRequired: 'Please sign in to use your cart.',
    title: 'Your Cart',
    total: 'Total',
    checkout: 'Checkout',
  },
  wishlist: {
    loginRequired: 'Please login to use wishlist.',
    toggleFailed: 'An error occurred',
    added: 'Product added to wishlist',
    removed: 'Product removed from wishlist',
    empty: 'No items in wishlist.',
    title: 'My Wishlist',
  },
  address: {
    maxReached: 'You can add max 3 addresses',
    requiredFieldsMissing: 'Please fill in all required fields',
    added: 'Address added successfully',
    updated: 'Address updated successfully',
    deleted: 'Address deleted successfully',
    selectAddress: 'Select address',
    selectToContinue: 'Please select a delivery address to continue',
    update: 'Update Address',
    add: 'Add Address',
    notFound: 'This address no longer exists.',
    invalidPhone: 'Please enter a valid Kenyan mobile number, such as 0712 345 678.',
    unknownPlace: 'Please choose the county, sub-county and location from the lists.',
    fieldTooLong: (field: string, maxLength: number) => `${field} must be at most ${maxLength} characters.`,
    deleteConfirm: 'Delete this address?',
    none: 'No saved addresses yet. Add one below.',
  },
  checkout: {
    cartEmpty: 'Your cart is empty. Please add items to proceed',
    noAddressSelected: 'Please select one address to proceed.',
    paypalStartFailed: 'Failed to start PayPal payment. Please try again.',
    invalidPhone: 'Please enter a valid phone number.',
    mpesaInitiateFailed: 'Failed to initiate M-Pesa payment. Please try again.',
    mpesaInitiated: 'M-Pesa payment initiated. Please check your phone.',
    /** Daraja did not answer the push: it may still reach the phone, so the shopper waits on the order instead of paying again. */
    mpesaPushUnconfirmed:
      'M-Pesa has not confirmed the request yet. If a prompt reaches your phone, enter your PIN; this order updates by itself. Please do not pay again.',
    /** The shop could not be reached while starting a payment: the push may have gone out. */
    mpesaStartUnconfirmed: 'We could not confirm whether your M-Pesa payment started. Check My Orders before you pay again.',
    processingPayment: 'Processing Payment...Please wait!',
    paymentSuccessful: 'Payment is successful!',
    /** The checkout could not price the order in PayPal's currency: paying by PayPal still works, and its page shows the amount. */
    paypalQuoteFailed: 'Could not work out what PayPal will charge. Please try again.',
    outOfStock: (title: string, available: number) =>
      available > 0
        ? `Only ${available} of "${title}" left. Please update your cart.`
        : `"${title}" is out of stock. Please remove it from your cart.`,
    productGone: (title: string) => `"${title}" is no longer sold. Please remove it from your cart.`,
    variationGone: (title: string) => `An option you chose of "${title}" is no longer offered. Please remove it from your cart.`,
    waitingForPhone: 'Check your phone and enter your M-Pesa PIN',
    paymentFailedTitle: 'The payment did not go through',
    paypalReturnInvalid: 'This PayPal return link is not for one of your orders.',
    /** PayPal's cancel return closed the order: its items are back on the shelf, and the cart still holds them. */
    paypalOrderCancelled:
      'You left PayPal without paying, so the order was closed and its items are back in the shop. They are still in your cart.',
    tooManyPayments: (waitMs: number) => `Too many payment attempts in a short time. Please try again ${waitInWords(waitMs)}.`,
    tooManyPushesToPhone: (waitMs: number) =>
      `Too many M-Pesa requests were sent to this phone number. Please try again ${waitInWords(waitMs)}.`,
    phoneNotOnAccount: 'Please pay with the phone number of one of your saved addresses.',
    /** Under the M-Pesa number at the checkout: the shop pushes only to a phone the shopper saved as theirs. */
    mpesaPhoneHelp: 'The phone number of one of your saved addresses gets the M-Pesa request.',
    tooManyUnitsOnLine: (title: string, maximum: number) =>
      `You can buy at most ${maximum} of "${title}" in one order. Please update your cart.`,
    tooManyUnitsInOrder: (maximum: number) => `One order can hold at most ${maximum} items. Please update your cart.`,
  },
  orders: {
    notFound: 'This order was not found.',
    invalidId: 'Invalid order ID',
    statusUpdated: 'Order status updated',
    unknownStatus: 'Please choose an order status from the list.',
    empty: 'No orders yet',
    captureNotPending: 'This order is not waiting for a PayPal payment.',
    transitionNotAllowed: (from: string, to: string) => `An order that is ${from} cannot be moved to ${to}.`,
    notPaidYet: 'This order is not paid. Record its payment first, then move it on.',
    unitsGoneForRevival: (title: string, available: number) => `Only ${available} of "${title}" left, so this order cannot be revived.`,
    productGoneForRevival: (title: string) => `"${title}" is no longer sold, so this order cannot be revived.`,
    cancelNotAllowed: 'This order can no longer be cancelled. Please contact us.',
    cancelledByShopper: 'Cancelled by the shopper',
    rejectedByShop: 'The shop could not take this order.',
    shopperHasPendingOrder: 'This shopper already has an order waiting for payment. Close that one first.',
    alreadyPaid: 'This order is already paid.',
    paymentRecorded: 'Payment recorded',
    offlineMethodRequired: 'Please choose how the money was paid.',
    offlineReferenceRequired: 'Please enter the payment’s reference (receipt or transaction number).',
    offlinePaymentReason: (method: string, reference: string) => `Paid offline: ${method}, ${reference}`,
    noRefundDue: 'Nothing is owed back on this order.',
    refundReferenceRequired: 'Please enter the reference of the refund you sent.',
    refundRecorded: 'Refund recorded',
    refundReason: (amount: string, reference: string) => `Refunded ${amount} (${reference})`,
    paypalRefundFailed: 'PayPal did not take the refund. Please try again.',
    refundedOnPaypal: 'already refunded on PayPal',
    cancelled: 'Your order was cancelled.',
    cancelledRefundDue: 'Your order was cancelled. We will refund your payment.',
    noteTooLong: (maxLength: number) => `A note must be at most ${maxLength} characters.`,
  },
  stock: {
    staleForm: 'This product’s stock changed since you opened the form. Please reload it and try again.',
    belowHeld: (held: number) => `${held} units are held by orders not yet shipped, so there must be at least ${held} on hand.`,
    opening: 'Stock when the product was added',
    counted: 'Units on hand set by an admin',
  },
  payment: {
    mpesaCancelled: 'You cancelled the M-Pesa request on your phone.',
    mpesaInsufficientFunds: 'Your M-Pesa balance was not enough for this payment.',
    mpesaWrongPin: 'The M-Pesa PIN entered was wrong.',
    mpesaUnreachable: 'We could not reach your phone. Check that it is on and has network, then try again.',
    mpesaNotCompleted: 'The M-Pesa payment was not completed in time.',
    mpesaDeclined: 'M-Pesa could not complete the payment.',
    amountMismatch: 'The amount paid does not match the order total. Our team will contact you.',
    paypalDeclined: 'PayPal declined that payment method. Please choose another one in PayPal and try again.',
    paypalCancelled: 'You cancelled the PayPal payment.',
    orderExpired: 'The order was not paid in time, so its items went back on the shelf.',
    replacedByNewOrder: 'You started a new checkout, so this order was closed and its items went back on the shelf.',
    refundDue: 'Your payment arrived after the order had closed and its items were gone. We will refund it; our team will contact you.',
    outcomeUnknown:
      'We could not confirm your M-Pesa payment with M-Pesa yet. Your items stay reserved; our team will check and contact you.',
    transitionNotAllowed: (from: string, to: string) => `This payment cannot change from ${from} to ${to}.`,
  },
  review: {
    added: 'Review added successfully!',
    none: 'No Reviews',
    ratingRequired: 'Please choose a rating from 1 to 5 stars.',
    messageRequired: 'Please write a review message.',
    messageTooLong: (maxLength: number) => `A review must be at most ${maxLength} characters.`,
    alreadyReviewed: 'You have already reviewed this product.',
  },
  googleSignIn: {
    cancelled: 'Sign-in was cancelled. Please try again.',
    popupBlocked: 'Pop-up was blocked. Please allow pop-ups and try again.',
    networkError: NETWORK_ERROR,
    accountExistsWithOtherMethod: 'An account already exists with this email using a different sign-in method.',
    passwordAccountExists: 'An account with this email already exists. Please sign in with your email and password.',
    failed: 'Authentication failed. Please try again.',
    emailNotVerified: "Your Google account's e-mail address is not verified. Verify it with Google, or sign in with your password.",
    tokenRejected: 'The Google sign-in could not be verified. Please try again.',
    unavailable: 'Google sign-in is unavailable right now. Please try again later or sign in with your password.',
  },
  login: {
    noAccount: 'No account found with this email. Please register first.',
    wrongPassword: 'Incorrect password. Please try again.',
    invalidEmail: 'Invalid email address format.',
    accountDisabled: 'This account has been disabled. Please contact support.',
    invalidCredentials: 'Invalid credentials. Please check your email and password.',
    failed: 'Login failed. Please check your credentials and try again.',
    syncFailed: 'Login successful but account sync failed. Please try again.',
    incomplete: 'Login incomplete',
    succeeded: 'Logged in successfully!',
    tooManyAttempts: (minutes: number) =>
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    passwordRequired: 'Please enter your password.',
    loggedOut: 'Logged out successfully',
  },
  registration: {
    failed: 'Registration failed',
    succeeded: 'Account created successfully!',
    userNameRequired: 'Please enter a user name.',
    userNameTooLong: (maxLength: number) => `User name must be at most ${maxLength} characters.`,
    passwordTooShort: (minLength: number) => `Password must be at least ${minLength} characters.`,
    passwordTooLong: (maxLength: number) => `Password must be at most ${maxLength} characters.`,
    emailTaken: 'An account already exists with this email. Please sign in instead.',
    tooManyRegistrations: (waitMs: number) => `Too many accounts were created from this network. Please try again ${waitInWords(waitMs)}.`,
  },
  auth: {
    notAuthenticated: 'Not authenticated',
    forbidden: "You don't have access to view this page",
    adminRequired: 'Only an administrator can do this.',
    notYourAccount: "You can only see and change your own account's data.",
  },
  account: {
    verificationSent: 'We sent you a new link. Please check your e-mail inbox (and the spam folder).',
    alreadyVerified: 'Your e-mail address is already verified.',
    tooManyVerificationMails: (waitMs: number) =>
      `We have sent several links already. Please check your inbox, or ask for another one ${waitInWords(waitMs)}.`,
    emailVerified: 'Thank you! Your e-mail address is verified.',
    linkInvalid: 'This link is not valid any more: it was already used, has expired, or a newer one was sent. Please ask for a new link.',
    tooManyLinkUses: (waitMs: number) =>
      `Too many attempts with e-mailed links from this network. Please try again ${waitInWords(waitMs)}.`,
    /** The same words whether or not an account has the address: the answer must not tell who shops here. */
    resetRequested:
      'If an account exists for this e-mail address, we have sent it a link to set a new password. The link works for 30 minutes.',
    tooManyResetRequests: (waitMs: number) => `Too many password reset requests. Please try again ${waitInWords(waitMs)}.`,
    passwordReset: 'Your new password is set. Please sign in with it; you were signed out everywhere else.',
    profileUpdated: 'Your profile is saved.',
    notifyChoiceInvalid: 'Please choose on or off for each kind of message.',
    currentPasswordRequired: 'Please enter your current password.',
    currentPasswordWrong: 'Your current password is not right. Please try again.',
    noPasswordToChange:
      'Your account signs in with Google and has no password yet. To set one, sign out and use "Forgot password" on the sign-in page.',
    passwordChanged: 'Your password is changed. You were signed out on your other devices.',
    confirmEmailMismatch: "Please type your account's e-mail address exactly, to confirm that you want to delete the account.",
    passwordRequiredToDelete: 'Please enter your password to delete your account.',
    adminCannotDelete: 'An administrator account cannot be deleted here. Ask another administrator to take away your admin role first.',
    deleted: 'Your account is deleted. Your personal details are erased; your orders are kept for the shop’s books.',
    /** The name a deleted account keeps, as the admin's order list and its reviews show it. */
    deletedUserName: 'Deleted account',
  },
  products: {
    fetchFailed: 'Failed to fetch products',
    addFailed: 'Failed to add product',
    updateFailed: 'Failed to update product',
    deleteFailed: 'Failed to delete product',
    uploadImageFailed: 'Failed to upload image',
    uploadFailed: 'Upload failed',
    invalidId: 'Invalid product ID',
    added: 'Product added successfully',
    updated: 'Product updated successfully',
    deleted: 'Product deleted successfully',
    empty: 'No products yet',
    notFound: 'This product is no longer available.',
    unknownCategory: 'Please choose a category from the list.',
    titleTooLong: (maxLength: number) => `Title must be at most ${maxLength} characters.`,
    descriptionTooLong: (maxLength: number) => `Description must be at most ${maxLength} characters.`,
    salePriceNotBelowPrice: 'Sale price must be below the price.',
    amountTooLarge: (maximum: number) => `Prices and stock must be at most ${maximum}.`,
    tooManyVariations: (maximum: number) => `A product can have at most ${maximum} variations.`,
    imageNotUploaded: 'An image of this product was not found. Please upload it again.',
    imageProcessing: 'Processing image…',
    imageFailed: 'This image could not be processed',
    requirements: {
      title: 'Title required',
      category: 'Category required',
      price: 'Price must be a valid number >= 0',
      stock: 'Stock must be a valid number >= 0',
      image: 'at least one image required',
    },
  },
  variation: {
    imageTypeNotAllowed: 'Only JPG, PNG, and WEBP images are allowed',
    imageTooLarge: 'Image size must be less than 5MB',
    labelRequired: 'Please enter a variation label',
    imageRequired: 'Please select an image file',
    labelTooLong: 'Variation label must be at most 100 characters',
    labelDuplicate: 'A variation with this label already exists',
    invalidId: 'Invalid variation ID',
    notOfProduct: 'This colour or style is not offered for this product.',
    imageTooManyPixels: (megapixels: number) => `Image dimensions are too large. Please use an image of at most ${megapixels} megapixels.`,
    added: 'Variation added successfully',
    removed: 'Variation removed',
  },
  search: {
    noResults: 'No result found!',
    keywordTooShort: 'Search keyword must be longer than 3 characters',
  },
  listing: {
    unknownFilter: (group: string, value: string) => `Unknown ${group} filter: ${value}`,
    unknownSort: 'Please choose a sort option from the list.',
    pageOutOfRange: 'Page must be a whole number of at least 1.',
    pageTooLarge: (maximum: number) => `Page must be at most ${maximum}.`,
    pageSizeOutOfRange: (maximum: number) => `Page size must be a whole number from 1 to ${maximum}.`,
  },
  featureImages: {
    added: 'Feature image added',
    deleted: 'Feature image removed',
    empty: 'No feature images yet',
    notFound: 'This feature image no longer exists.',
  },
  catalogue: {
    outOfStock: 'Out Of Stock',
    onlyItemsLeft: (count: number) => `Only ${count} ${count === 1 ? 'item' : 'items'} left`,
    sale: 'Sale',
    productCount: (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`,
    noMatchingProducts: 'No products match these filters.',
    searchPrompt: 'Search the toys by name or description.',
  },
  adminCatalogue: {
    deleteProductConfirm: 'Delete this product?',
    deleteProductDetail: (title: string) => `"${title}" and its variations leave the shop.`,
    deleteFeatureImageConfirm: 'Remove this image from the home page carousel?',
    featureImageAddFailed: 'Failed to add the feature image',
    featureImageDeleteFailed: 'Failed to remove the feature image',
    imageHint: 'JPG, PNG or WEBP, less than 5MB',
    liveUpdatesPaused: 'Live updates are paused while the connection is restored.',
    liveUpdatesOff: 'Live updates are off. Reload the page to turn them back on.',
    unitsOnHandLabel: 'Units on hand',
    unitsOnHandHelp: (held: number, forSale: number) => `${held} held by orders, ${forSale} for sale`,
    stockOnCard: (onHand: number, forSale: number) => `On hand: ${onHand} · for sale: ${forSale}`,
  },
  /** What the admin is told of a payment that needs a person (admin:payment-attention, history rows). */
  paymentAttention: {
    amountMismatch: (received: number, expected: number, cancelled: boolean) =>
      `amount mismatch: received ${formatKes(received)} of ${formatKes(expected)}; ${cancelled ? 'order cancelled, ' : ''}refund ${formatKes(received)} due`,
    refundDue: (amount: number) =>
      `refund due: ${formatKes(amount)} paid after the order was closed and its items could not be reserved again`,
    paidAfterShopperClosed: (amount: number) => `refund due: ${formatKes(amount)} paid after the shopper closed the order`,
    paidTwice: (amount: number, receipt: string) =>
      `refund due: ${formatKes(amount)} paid a second time (${receipt}) for an order already paid`,
    outcomeUnknown: (phone: string, checkoutRequestId: string | null) =>
      `payment outcome unknown: M-Pesa could not tell whether the push to ${phone} (${checkoutRequestId ?? 'no CheckoutRequestID'}) was paid; check the M-Pesa portal`,
  },
  /** The queue console (operators). */
  operations: {
    unknownQueue: 'There is no such queue.',
    invalidJobId: 'That is not a job id.',
    jobNotFound: 'That job no longer exists.',
    jobNotFailed: 'That job is not in the failed set any more.',
    jobRetried: 'The job is queued again.',
    jobsRetried: (count: number) => (count === 1 ? '1 failed job is queued again.' : `${count} failed jobs are queued again.`),
    jobRemoved: 'The job was removed.',
    noWorkers: 'No worker is serving this queue: its jobs wait until one starts.',
    figuresUnknown: 'No worker process is publishing figures.',
    heartbeatLate: 'No pipeline heartbeat lately: the outbox relay, the queue or the workers may be stuck.',
  },
  notifications: {
    /** The reason an SMS and e-mail give for an order the shop cancelled or rejected without saying why. */
    cancelledByShop: 'The shop cancelled it.',
    /** Why a message in `sending` was given up on: the provider may or may not have it. */
    outcomeUnknown: 'Outcome unknown: the send was interrupted; not resent, so nobody gets it twice.',
    /** Why an SMS Africa's Talking may have taken (no answer in time, a garbled answer) is not sent again. */
    outcomeUnknownAfter: (reason: string) => `Outcome unknown (${reason}); not resent, so nobody gets it twice.`,
    outOfTries: (lastError: string) => `Out of tries: ${lastError}`,
    recipientRefused: (status: string, statusCode: number) => `Africa's Talking did not send to this number: ${status} (${statusCode})`,
    formOnly: 'Please send the delivery report as a form (Content-Type: application/x-www-form-urlencoded).',
    invalidReport: "The delivery report is not one of Africa's Talking's.",
  },
  screens: {
    unauthorized: "You don't have access to view this page",
    notFound: "Page doesn't exist",
    unexpectedError: 'Unexpected Application Error!',
  },
  /** The web's own words on the account's screens: the Profile tab and the pages the e-mailed links open. */
  accountScreens: {
    emailVerified: 'Verified',
    emailNotVerified: 'Not verified',
    /** Without a phone of the account's own, SMS go to the delivery phone of each order (the notifications worker). */
    phoneHelp: "SMS about your orders go to this number; without one, to each order's delivery phone.",
    resendVerification: 'Resend verification e-mail',
    googleOnlyPassword:
      'You sign in with Google, so this account has no password of its own. To set one, ask for a link with "Forgot password?".',
    passwordsDiffer: 'The two passwords do not match.',
    confirmPasswordRequired: 'Please type the new password again.',
    deleteExplained:
      'Deleting your account erases your name, e-mail address, phone, saved addresses, cart and wishlist, and signs you out everywhere. Your orders are kept for the shop’s books, as Kenya’s Data Protection Act allows for records the law requires; your reviews stay, without your name.',
    linkIncomplete: 'This link is incomplete. Please open the whole link from the e-mail, or ask for a new one.',
    verifying: 'Verifying your e-mail address…',
  },
  server: {
    validationFailed: 'The request is not valid',
    unicodeOnly: 'Text must be valid Unicode.',
    readOnly: 'This address can only be read.',
    notFound: 'Not found',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    jsonOnly: 'Please send the request as JSON (Content-Type: application/json).',
    multipartOnly: 'Please send the file as multipart/form-data.',
    bodyTooDeep: 'The request nests too deeply.',
    bodyTooLarge: 'The request is too large.',
    foreignOrigin: "This request did not come from the shop's own pages.",
    tooManyRequestsFor: (waitMs: number) => `Too many requests. Please try again ${waitInWords(waitMs)}.`,
    internalError: 'Something went wrong on our side. Please try again.',
    serviceUnavailable: 'The shop is temporarily unavailable. Please try again shortly.',
    networkError: NETWORK_ERROR,
  },
} as const;
