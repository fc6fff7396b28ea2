import type { CategoryId } from './catalogue.js';
import type { ErrorCode, ErrorData } from './errors.js';
import type { OrderActor } from './order-transitions.js';
import type { MpesaAttemptState, OfflinePaymentMethod, OrderStatus, PaymentMethod, PaymentStatus, UserRole } from './orders.js';

/** Every JSON answer of the api has this envelope; failures carry `success: false`, a code and a catalogue message. */
export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
}
/** A refusal: what to decide on (`code`, with its `data`: errors.ts) and the words to show (`message`). */
export type ApiFailure = {
  [C in ErrorCode]: { success: false; code: C; message: string; data: ErrorData<C> };
}[ErrorCode];
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export interface SessionUser {
  id: number;
  userName: string;
  email: string;
  role: UserRole;
}

/** The account page's Profile tab: what the person may see and change of their own account. */
export interface AccountProfile {
  userName: string;
  email: string;
  emailVerified: boolean;
  /** A Kenyan mobile as stored (2547XXXXXXXX, kenyanMobileNumber), where SMS about orders go; null when none is set. */
  phone: string | null;
  notifyBySms: boolean;
  notifyByEmail: boolean;
  /** False for an account that only ever signed in with Google: no current password to ask for. */
  hasPassword: boolean;
  googleLinked: boolean;
}

export type ImageProcessingStatus = 'pending' | 'ready' | 'failed';

export interface ImageSet {
  /** The original, as uploaded: what product payloads name an image by. */
  url: string;
  /** pending until the image worker has made the derivatives; failed when the file cannot be used. */
  status: ImageProcessingStatus;
  /** Why the worker could not use the file (admin answers only). */
  failureReason?: string;
  /** `srcset` candidates, smallest first; empty until the worker has made the derivatives. */
  srcSet: { url: string; width: number; format: 'webp' | 'jpeg' }[];
}

/** The answer of an upload (`result.url`, as the old client read it); the resizing follows in the image worker. */
export interface UploadImageAnswer {
  success: true;
  result: { url: string; status: ImageProcessingStatus };
}

export interface ProductVariation {
  id: number;
  label: string;
  image: ImageSet;
}

export interface Product {
  id: number;
  title: string;
  description: string;
  category: CategoryId;
  price: number;
  salePrice: number;
  totalStock: number;
  averageReview: number;
  image: ImageSet | null;
  variations: ProductVariation[];
}

/**
 * A product as the admin manages it: `totalStock` is what shoppers can still buy, `unitsOnHand` what
 * is in the store room (that plus `unitsHeld`, the units of orders not yet shipped). The stock form
 * sends `stockVersion` back with its count (docs/orders.md, Stock).
 */
export interface AdminProduct extends Product {
  unitsOnHand: number;
  unitsHeld: number;
  stockVersion: number;
}

/** What the admin's product sheet sends to add or edit a product. Images are named by their upload's url. */
export interface ProductInput {
  image?: string | null;
  title: string;
  description?: string;
  category: CategoryId;
  price: number;
  salePrice?: number | null;
  /** Adding: the opening units. Editing: the units on hand, counted (never what shoppers can buy). */
  totalStock: number;
  /** Editing: the `stockVersion` the form was read at; a stock change since then refuses the edit. */
  stockVersion?: number;
  variations?: { image: string; label: string }[];
}

/** The listing's answer: one page of products, and where it sits in the whole result. */
export interface ProductPage extends ApiSuccess<Product[]> {
  pagination: { total: number; page: number; pageSize: number };
}

export interface ReviewInput {
  productId: number;
  reviewMessage: string;
  reviewValue: number;
}

export interface Review {
  id: number;
  productId: number;
  userId: number;
  userName: string;
  reviewMessage: string;
  reviewValue: number;
  createdAt: string;
}

/** A cart line as the catalogue has it now: title, image and prices are read at every answer, never stored. */
export interface CartItem {
  productId: number;
  title: string;
  image: ImageSet | null;
  price: number;
  salePrice: number;
  quantity: number;
  /** What the shop holds, so the sheet can stop the plus button where the server would refuse. */
  totalStock: number;
  /**
   * The variation chosen, or null: each variation of a product is a line of its own, while the stock
   * is the product's, shared by its lines. `image` is then the variation's. A variation the admin
   * has since taken away keeps its id here with a null label: checkout refuses the line until removed.
   */
  variationId: number | null;
  variationLabel: string | null;
}
export interface Cart {
  /** Null until the shopper's first add makes the cart. */
  id: number | null;
  items: CartItem[];
}

/**
 * Add (quantity is added to the line) and update-cart (quantity replaces it). The userId must be
 * the caller's own; the server takes prices from the catalogue, never from here.
 */
export interface CartLineInput {
  userId: number;
  productId: number;
  quantity: number;
  /** One of the product's variations, or none (absent or null): the line of that choice. */
  variationId?: number | null;
}

export interface WishlistInput {
  userId: number;
  productId: number;
}
/** The wishlist's routes answer `wishlist.products`, newest first (docs/product.md, Api routes). */
export interface Wishlist {
  products: Product[];
}
export interface WishlistAnswer {
  success: true;
  message?: string;
  wishlist: Wishlist;
}

/**
 * What the address form sends. The place must be one of the zone table's; the fee and the composed
 * `address` come from the server (a client's `deliveryFee` or `address` is ignored).
 */
export interface AddressInput {
  userId?: number;
  county: string;
  subCounty: string;
  location: string;
  specificAddress: string;
  /** Any way a Kenyan mobile number is written (07…, 01…, +254…, 254…); stored as 2547…/2541…. */
  phone: string;
  notes?: string;
}

export interface Address {
  id: number;
  county: string;
  subCounty: string;
  location: string;
  specificAddress: string;
  phone: string;
  notes: string;
  deliveryFee: number;
  address: string;
}

export interface OrderItem {
  productId: number;
  title: string;
  image: string | null;
  price: number;
  quantity: number;
  /** The variation chosen and its label as it was when the order was placed; null for none. */
  variationId: number | null;
  variationLabel: string | null;
}
export interface OrderAddressInfo {
  addressId: number | null;
  address: string;
  county: string;
  subCounty: string;
  location: string;
  specificAddress: string;
  phone: string;
  notes: string;
  deliveryFee: number;
}
export interface Order {
  id: number;
  userId: number;
  userName: string;
  cartItems: OrderItem[];
  addressInfo: OrderAddressInfo;
  orderStatus: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** Why the payment failed, in the shopper's words (MESSAGES.payment.*); null unless it failed or was declined. */
  paymentFailureReason: string | null;
  subtotalAmount: number;
  deliveryFee: number;
  totalAmount: number;
  /** What PayPal is asked to charge (PayPal takes no KES); null for M-Pesa. */
  providerAmount: { currency: string; value: string; kesPerUnit: number } | null;
  orderDate: string;
  orderUpdateDate: string;
  /** Until when an unpaid order holds its stock. */
  reservationExpiresAt: string | null;
  /** M-Pesa CheckoutRequestID or PayPal order id. */
  paymentId: string | null;
  /** PayPal PayerID; null for M-Pesa. */
  payerId: string | null;
  /** M-Pesa receipt number or PayPal capture id, once paid. */
  paymentReceipt: string | null;
  /** What the provider says it took, in KES (M-Pesa) when that is not the order's total; null otherwise. */
  amountReceived: number | null;
  /** KES the shop owes the shopper back (a wrong amount, or money after the order closed); null when none. */
  refundDue: number | null;
  /** Where a PayPal shopper approves (again, after a declined card); null otherwise. */
  paypalApprovalUrl: string | null;
  /** Money an admin recorded by hand (cash on delivery, the till, a bank transfer); null otherwise. */
  offlinePayment: { method: OfflinePaymentMethod; reference: string; note: string } | null;
  /** The money given back: PayPal's refund id, or the reference of the M-Pesa or bank refund the admin sent. */
  refund: { amount: number; reference: string; refundedAt: string } | null;
}

export interface OrderStatusChange {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** Who moved the order; null on rows from before it was recorded. */
  actor: OrderActor | null;
  /** The name of the admin or shopper who moved it, or null when the shop did (payment, expiry). */
  changedBy: string | null;
  reason: string;
  createdAt: string;
}
/** One STK push of the order's payment, as the shop knows it (for a person checking an unknown outcome). */
export interface MpesaAttemptView {
  state: MpesaAttemptState;
  phone: string;
  amount: number;
  /** Daraja's CheckoutRequestID; null when its answer to the push never arrived. */
  checkoutRequestId: string | null;
  /** Daraja's result code and words, once known. */
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
  createdAt: string;
}
/** One order with its status history (details routes). */
export interface OrderDetails extends Order {
  history: OrderStatusChange[];
  /** M-Pesa orders: every STK push, oldest first. */
  mpesaAttempts: MpesaAttemptView[];
}

/** The admin records money that reached the shop outside M-Pesa's prompt and PayPal (POST ORDER_API.adminRecordPayment). */
export interface OfflinePaymentInput {
  method: OfflinePaymentMethod;
  reference: string;
  note?: string;
}
/** The admin gives back what a closed order's shopper is owed (POST ORDER_API.adminRefund): PayPal refunds by its API; otherwise `reference` names the refund the admin sent. */
export interface RefundInput {
  reference?: string;
  note?: string;
}

/**
 * Both ways to pay start from the shopper's cart and one of their addresses; the server prices
 * everything. The old client's extra fields (amount, callbackUrl, orderData, totals) are ignored.
 */
export interface PlaceOrderInput {
  addressId: number;
}
export interface MpesaPaymentInput extends PlaceOrderInput {
  /** Any way a Kenyan mobile number is written; the STK push goes to it. */
  phone: string;
}
/** `checkoutRequestId` null: Daraja has not confirmed the push (it may still reach the phone); the order is followed all the same. */
export type MpesaPaymentAnswer = ApiSuccess<{ orderId: number; checkoutRequestId: string | null }>;
/** PayPal's create answers `approvalURL` and `orderId`. */
export interface PaypalOrderAnswer {
  success: true;
  message?: string;
  approvalURL: string;
  orderId: number;
}
/**
 * The PayPal return page's capture: `token` (or the old `paymentId`) and `PayerID` from the return URL,
 * and the order id kept in session storage. The capture itself runs in a worker.
 */
export interface CapturePaypalInput {
  orderId: number;
  token?: string;
  paymentId?: string;
  payerId?: string;
}

export interface AdminOrderQuery {
  status?: OrderStatus;
  page?: number;
  pageSize?: number;
}
export interface AdminOrderPage extends ApiSuccess<Order[]> {
  pagination: { total: number; page: number; pageSize: number };
}
export interface OrderStatusInput {
  orderStatus: OrderStatus;
}

export interface FeatureImage {
  id: number;
  image: ImageSet;
}

export type HealthState = 'up' | 'down';
export interface HealthReport {
  status: 'ok' | 'error';
  mysql: HealthState;
  redis: HealthState;
  queues: Record<string, { state: HealthState; waiting?: number; failed?: number }>;
}
/** Whether a load balancer should send this api instance new requests (`GET /api/health/ready`). */
export interface ReadinessReport {
  status: 'ok' | 'error';
  mysql: HealthState;
  redis: HealthState;
  /** Down while this instance does not hear what is published to its sockets' rooms: a deaf instance. */
  liveUpdates: HealthState;
  /** From SIGTERM on: the instance finishes what it was sent but asks for nothing new. */
  draining: boolean;
}

/** The admin dashboard's figures; "today" is the shop's day in Nairobi. */
export interface DashboardSummary {
  products: number;
  lowStockProducts: number;
  outOfStockProducts: number;
  shoppers: number;
  ordersToday: number;
  /** Whole KES of orders placed today and paid (refunds due excluded). */
  paidTodayKes: number;
  /** Paid orders that still have to leave the shop (confirmed or in process). */
  ordersToShip: number;
}
