import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';
import { CatalogueListingAndSearch1763800000000 } from './1763800000000-catalogue-listing-and-search.js';
import { OrdersAndPayments1763900000000 } from './1763900000000-orders-and-payments.js';
import { OrderStockRelease1763900000001 } from './1763900000001-order-stock-release.js';
import { ListingIndexesSkipRetired1764000000000 } from './1764000000000-listing-indexes-skip-retired.js';
import { MpesaAttempts1764100000000 } from './1764100000000-mpesa-attempts.js';
import { UsersEmailVerified1764200000000 } from './1764200000000-users-email-verified.js';
import { MpesaAttemptConfirmation1764250000000 } from './1764250000000-mpesa-attempt-confirmation.js';
import { OperatorAudit1764300000000 } from './1764300000000-operator-audit.js';
import { MpesaStatusConversation1764350000000 } from './1764350000000-mpesa-status-conversation.js';
import { OrderTransitions1764400000000 } from './1764400000000-order-transitions.js';
import { OfflinePaymentsAndRefunds1764450000000 } from './1764450000000-offline-payments-and-refunds.js';
import { VariationsInOrders1764500000000 } from './1764500000000-variations-in-orders.js';
import { CallbackPayloadRetention1764550000000 } from './1764550000000-callback-payload-retention.js';
import { NotificationsAndAccounts1764600000000 } from './1764600000000-notifications-and-accounts.js';
import { PaymentStatusHistory1764650000000 } from './1764650000000-payment-status-history.js';

/** Every migration in the order it runs; `npm run migrate` applies the ones a database has not seen. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  CatalogueListingAndSearch1763800000000,
  OrdersAndPayments1763900000000,
  OrderStockRelease1763900000001,
  ListingIndexesSkipRetired1764000000000,
  MpesaAttempts1764100000000,
  UsersEmailVerified1764200000000,
  MpesaAttemptConfirmation1764250000000,
  OperatorAudit1764300000000,
  MpesaStatusConversation1764350000000,
  OrderTransitions1764400000000,
  OfflinePaymentsAndRefunds1764450000000,
  VariationsInOrders1764500000000,
  CallbackPayloadRetention1764550000000,
  NotificationsAndAccounts1764600000000,
  PaymentStatusHistory1764650000000,
];
