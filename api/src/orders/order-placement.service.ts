import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES, ORDER_CAPS, effectivePrice, type OrderAddressInfo, type PaymentMethod } from '@shop/contracts';
import type { AppConfig } from '@shop/config';
import { Address, Order, OrderItem, Payment, changeOrderStatus, inTransaction, recordEvent, takeUnits } from '@shop/db';
import { convertKes } from '@shop/payments';
import { addressView } from '../addresses/addresses.service.js';
import { BusinessFailure } from '../common/business-failure.js';
import { APP_CONFIG } from '@shop/infrastructure';

/** What a payment start needs to know of the order just placed. */
export interface PlacedOrder {
  orderId: number;
  paymentId: number;
  totalAmount: number;
  /** What PayPal is asked to charge, two decimals; null for M-Pesa. */
  providerAmount: string | null;
}

interface CartLine {
  productId: number;
  quantity: number;
}

interface LockedProduct {
  title: string;
  price: number;
  salePrice: number;
  image: string | null;
}

const cartEmpty = () => new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.checkout.cartEmpty);
// Another shopper's address answers as no address at all: ids reveal nothing.
const noAddress = () => new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.checkout.noAddressSelected);

/**
 * Turns a shopper's cart into an order (docs/decisions.md, Orders and payments): prices, fee and
 * totals from the shop's own tables, stock reserved with one conditional update per product, and
 * the order, its snapshots, its payment and its events written in one transaction.
 */
/** The address as it is when the order is placed: later edits or deletion of the address leave the order as it was. */
function addressSnapshot(address: Address): OrderAddressInfo {
  const { id, ...place } = addressView(address);
  return { addressId: id, ...place };
}

@Injectable()
export class OrderPlacementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `alongside` writes what must exist exactly when the order does (an M-Pesa attempt), in the same transaction. */
  place(userId: number, addressId: number, method: PaymentMethod, alongside?: (manager: EntityManager, placed: PlacedOrder) => Promise<void>): Promise<PlacedOrder | BusinessFailure> {
    return inTransaction(this.dataSource, async (manager) => {
      // Concurrent checkouts and cart changes of one shopper queue here, so the lines read below stay the lines ordered.
      const [cart] = await manager.query<{ id: number }[]>('SELECT `id` FROM `carts` WHERE `userId` = ? FOR UPDATE', [userId]);
      if (!cart) return cartEmpty();
      // Product order: two checkouts sharing products lock them in the same order, so they queue instead of deadlocking.
      const lines = await manager.query<CartLine[]>('SELECT `productId`, `quantity` FROM `cart_items` WHERE `cartId` = ? ORDER BY `productId`', [cart.id]);
      if (lines.length === 0) return cartEmpty();
      // Lines from before the caps, or filled by many adds, are held to them here.
      if (lines.reduce((units, line) => units + line.quantity, 0) > ORDER_CAPS.unitsPerOrder) {
        return new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.checkout.tooManyUnitsInOrder(ORDER_CAPS.unitsPerOrder));
      }
      const address = await manager.findOne(Address, { where: { id: addressId, userId } });
      if (!address) return noAddress();

      const items: Omit<OrderItem, 'id' | 'orderId' | 'order' | 'product'>[] = [];
      for (const line of lines) {
        const reserved = await this.reserve(manager, line);
        if (reserved instanceof BusinessFailure) return reserved;
        if (line.quantity > ORDER_CAPS.unitsPerLine) return new BusinessFailure(HttpStatus.BAD_REQUEST, MESSAGES.checkout.tooManyUnitsOnLine(reserved.title, ORDER_CAPS.unitsPerLine));
        items.push({ productId: line.productId, title: reserved.title, image: reserved.image, unitPrice: effectivePrice(reserved), quantity: line.quantity });
      }
      const subtotalAmount = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
      const totalAmount = subtotalAmount + address.deliveryFee;

      const { identifiers } = await manager.insert(Order, {
        userId,
        paymentMethod: method,
        orderStatus: 'pending',
        paymentStatus: 'pending',
        subtotalAmount,
        deliveryFee: address.deliveryFee,
        totalAmount,
        addressInfo: addressSnapshot(address),
        reservationExpiresAt: new Date(Date.now() + this.config.ORDER_RESERVATION_MS),
      });
      const orderId = identifiers[0]!.id as number;
      await manager.insert(OrderItem, items.map((item) => ({ ...item, orderId })));
      await changeOrderStatus(manager, orderId, null, 'pending');

      const providerAmount = method === 'paypal' ? convertKes(totalAmount, this.config.PAYPAL_KES_PER_UNIT) : null;
      const payment = await manager.insert(Payment, {
        orderId,
        method,
        status: 'pending',
        amount: totalAmount,
        ...(providerAmount === null ? {} : { providerCurrency: this.config.PAYPAL_CURRENCY, providerAmount: Number(providerAmount), exchangeRate: this.config.PAYPAL_KES_PER_UNIT }),
      });
      await recordEvent(manager, 'order.created', { orderId });
      await recordEvent(manager, 'order.expire', { orderId }, { delayMs: this.config.ORDER_RESERVATION_MS });
      const placed: PlacedOrder = { orderId, paymentId: payment.identifiers[0]!.id as number, totalAmount, providerAmount };
      await alongside?.(manager, placed);
      return placed;
    }, { isolation: 'READ COMMITTED' });
  }

  /** Takes the line's units, then reads what the order keeps of the product (read after the take, under its lock). */
  private async reserve(manager: EntityManager, { productId, quantity }: CartLine): Promise<LockedProduct | BusinessFailure> {
    const taken = await takeUnits(manager, productId, quantity);
    const [product] = await manager.query<(LockedProduct & { totalStock: number; deletedAt: Date | null })[]>(
      `SELECT product.title, product.price, product.salePrice, product.totalStock, product.deletedAt,
         COALESCE(image.url, (SELECT variationImage.url FROM product_variations variation JOIN product_images variationImage ON variationImage.id = variation.imageId
                              WHERE variation.productId = product.id ORDER BY variation.position, variation.id LIMIT 1)) AS image
       FROM products product LEFT JOIN product_images image ON image.id = product.imageId
       WHERE product.id = ?`,
      [productId],
    );
    // A cart line's product row is never removed (retiring is a soft delete), so it is there to name.
    if (!taken) {
      return new BusinessFailure(HttpStatus.CONFLICT, product!.deletedAt ? MESSAGES.checkout.productGone(product!.title) : MESSAGES.checkout.outOfStock(product!.title, product!.totalStock));
    }
    return product!;
  }
}
