import { AccountToken } from './account-token.entity.js';
import { Address } from './address.entity.js';
import { CartItem } from './cart-item.entity.js';
import { Cart } from './cart.entity.js';
import { FeatureImage } from './feature-image.entity.js';
import { ImageAsset } from './image-asset.entity.js';
import { MpesaAttempt } from './mpesa-attempt.entity.js';
import { Notification } from './notification.entity.js';
import { OperatorAction } from './operator-action.entity.js';
import { OrderItem } from './order-item.entity.js';
import { OrderStatusHistory } from './order-status-history.entity.js';
import { Order } from './order.entity.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { PaymentCallback } from './payment-callback.entity.js';
import { PaymentStatusHistory } from './payment-status-history.entity.js';
import { Payment } from './payment.entity.js';
import { ProductVariation } from './product-variation.entity.js';
import { Product } from './product.entity.js';
import { Review } from './review.entity.js';
import { Session } from './session.entity.js';
import { StockMovement } from './stock-movement.entity.js';
import { User } from './user.entity.js';
import { WishlistItem } from './wishlist-item.entity.js';

export {
  AccountToken,
  Address,
  Cart,
  CartItem,
  FeatureImage,
  ImageAsset,
  MpesaAttempt,
  Notification,
  OperatorAction,
  Order,
  OrderItem,
  OrderStatusHistory,
  OutboxEvent,
  Payment,
  PaymentCallback,
  PaymentStatusHistory,
  Product,
  ProductVariation,
  Review,
  Session,
  StockMovement,
  User,
  WishlistItem,
};
export type { ImageDerivative, ImageStatus } from './image-asset.entity.js';

export const ENTITIES = [
  AccountToken,
  Address,
  Cart,
  CartItem,
  FeatureImage,
  ImageAsset,
  MpesaAttempt,
  Notification,
  OperatorAction,
  Order,
  OrderItem,
  OrderStatusHistory,
  OutboxEvent,
  Payment,
  PaymentCallback,
  PaymentStatusHistory,
  Product,
  ProductVariation,
  Review,
  Session,
  StockMovement,
  User,
  WishlistItem,
];
