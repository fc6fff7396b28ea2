import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AppConfig } from '@shop/config';
import {
  effectivePrice,
  MESSAGES,
  ORDER_CAPS,
  type OrderAddressInfo,
  type PaymentMethod,
  type PaypalCharge,
  type PaypalQuote,
} from '@shop/contracts';
import {
  Address,
  insertRows,
  inTransaction,
  isDuplicateKey,
  lockOrder,
  movePaymentOrThrow,
  openOrder,
  Order,
  OrderItem,
  Payment,
  recordEvent,
  Refusal,
  transition,
  type LockedOrder,
} from '@shop/db';
import { APP_CONFIG } from '@shop/infrastructure';
import { convertKes } from '@shop/payments';
import { addressView } from '../addresses/addresses.service.js';
import { providerAmountOf } from './order-view.js';

/** What a payment start needs to know of the order placed, or of the pending order it reuses. */
export interface PlacedOrder {
  orderId: number;
  paymentId: number;
  totalAmount: number;
  /** What PayPal is asked to charge, two decimals; null for M-Pesa. */
  providerAmount: string | null;
  /** The shopper's pending order with this very cart, address and payment method: a new push or PayPal order is for it. */
  reused: boolean;
}

interface CartLine {
  productId: number;
  /** 0: no variation chosen. */
  variationId: number;
  quantity: number;
}

interface VariationOnSale {
  id: number;
  productId: number;
  label: string;
  image: string;
}

interface ProductOnSale {
  id: number;
  title: string;
  price: number;
  salePrice: number;
  image: string | null;
}

type OrderLine = Omit<OrderItem, 'id' | 'orderId' | 'order' | 'product'>;

const cartEmpty = () => new Refusal('CART_EMPTY', MESSAGES.checkout.cartEmpty);
// Another shopper's address answers as no address at all: ids reveal nothing.
const noAddress = () => new Refusal('NO_ADDRESS_SELECTED', MESSAGES.checkout.noAddressSelected);

/** The address as it is when the order is placed: later edits or deletion of the address leave the order as it was. */
function addressSnapshot(address: Address): OrderAddressInfo {
  const { id, ...place } = addressView(address);
  return { addressId: id, ...place };
}

const lineKey = (line: Pick<OrderLine, 'productId' | 'variationId' | 'quantity' | 'unitPrice'>) =>
  `${line.productId}/${line.variationId ?? 0}x${line.quantity}@${line.unitPrice}`;
const sameLines = (ordered: OrderLine[], wanted: OrderLine[]) => ordered.map(lineKey).sort().join() === wanted.map(lineKey).sort().join();
const subtotalOf = (items: OrderLine[]) => items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);

/** A checkout of this very cart, address and method is for the order already waiting, not a new one. */
function isSameCheckout(waiting: Order & { items: OrderItem[] }, method: PaymentMethod, address: Address, items: OrderLine[]): boolean {
  return (
    waiting.paymentMethod === method &&
    waiting.addressInfo.addressId === address.id &&
    waiting.deliveryFee === address.deliveryFee &&
    sameLines(waiting.items, items)
  );
}

/**
 * Turns a shopper's cart into an order (docs/orders.md, One order waiting): prices, fee and totals
 * from the shop's own tables, the order, its snapshots and its payment written and its units taken
 * in one transaction. A shopper has one pending order at most: a checkout of the same cart, address
 * and method reuses it, and any other closes it (its units back on the shelf) before placing anew.
 */
@Injectable()
export class OrderPlacementService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `alongside` writes what must exist exactly when the order's payment starts (an M-Pesa attempt), in the same transaction. */
  place(
    userId: number,
    addressId: number,
    method: PaymentMethod,
    alongside?: (manager: EntityManager, placed: PlacedOrder) => Promise<void>,
  ): Promise<PlacedOrder | Refusal> {
    // An admin revived one of the shopper's orders to pending while this checkout ran: the next try finds it waiting.
    return this.placeOnce(userId, addressId, method, alongside).catch((error: unknown) => {
      if (isDuplicateKey(error)) return this.placeOnce(userId, addressId, method, alongside);
      throw error;
    });
  }

  private placeOnce(
    userId: number,
    addressId: number,
    method: PaymentMethod,
    alongside?: (manager: EntityManager, placed: PlacedOrder) => Promise<void>,
  ): Promise<PlacedOrder | Refusal> {
    return inTransaction(
      this.dataSource,
      async (manager) => {
        // Concurrent checkouts and cart changes of one shopper queue here, so the lines read below stay the lines ordered.
        const lines = await this.cartLines(manager, userId, { lock: true });
        if (lines instanceof Refusal) return lines;
        const address = await manager.findOne(Address, { where: { id: addressId, userId } });
        if (!address) return noAddress();
        // The waiting order before the products: settlement and expiry lock an order before its products too.
        const waiting = await this.lockWaitingOrder(manager, userId);
        const items = await this.orderLines(manager, lines, { lock: true });
        if (items instanceof Refusal) return items;

        let placed: PlacedOrder | Refusal;
        if (waiting && isSameCheckout(waiting.order, method, address, items)) {
          placed = {
            orderId: waiting.order.id,
            paymentId: waiting.payment.id,
            totalAmount: waiting.order.totalAmount,
            providerAmount: waiting.payment.providerAmount?.toFixed(2) ?? null,
            reused: true,
          };
        } else {
          if (waiting) await this.replace(manager, waiting);
          placed = await this.insertOrder(manager, userId, address, method, items);
          if (placed instanceof Refusal) return placed;
        }
        await alongside?.(manager, placed);
        return placed;
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  /**
   * What PayPal would be asked to charge were the shopper to pay by PayPal now, priced as place()
   * prices it but without taking a lock or writing anything. When that checkout would reuse the order
   * waiting for payment, its charge as recorded (at the rate of its day) is the answer.
   */
  paypalQuote(userId: number, addressId: number): Promise<PaypalQuote | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const lines = await this.cartLines(manager, userId, { lock: false });
      if (lines instanceof Refusal) return lines;
      const address = await manager.findOne(Address, { where: { id: addressId, userId } });
      if (!address) return noAddress();
      const items = await this.orderLines(manager, lines, { lock: false });
      if (items instanceof Refusal) return items;
      const waiting = await manager.findOne(Order, {
        where: { pendingForUserId: userId, orderStatus: 'pending' },
        relations: { items: true },
      });
      const waitingPayment =
        waiting && isSameCheckout(waiting, 'paypal', address, items) ? await manager.findOneBy(Payment, { orderId: waiting.id }) : null;
      const recorded = waitingPayment && providerAmountOf(waitingPayment);
      if (waiting && recorded) return { totalAmount: waiting.totalAmount, providerAmount: recorded };
      const totalAmount = subtotalOf(items) + address.deliveryFee;
      return { totalAmount, providerAmount: this.paypalCharge(totalAmount) };
    });
  }

  /** PayPal takes no KES: the total at today's configured rate, rounded up to the cent (convertKes). */
  private paypalCharge(totalAmount: number): PaypalCharge {
    return {
      currency: this.config.PAYPAL_CURRENCY,
      value: convertKes(totalAmount, this.config.PAYPAL_KES_PER_UNIT),
      kesPerUnit: this.config.PAYPAL_KES_PER_UNIT,
    };
  }

  /** The shopper's cart lines, none too many (lines from before the caps, or filled by many adds, are held to them here). */
  private async cartLines(manager: EntityManager, userId: number, { lock }: { lock: boolean }): Promise<CartLine[] | Refusal> {
    const [cart] = await manager.query<{ id: number }[]>(`SELECT \`id\` FROM \`carts\` WHERE \`userId\` = ?${lock ? ' FOR UPDATE' : ''}`, [
      userId,
    ]);
    if (!cart) return cartEmpty();
    const lines = await manager.query<CartLine[]>(
      'SELECT `productId`, `variationId`, `quantity` FROM `cart_items` WHERE `cartId` = ? ORDER BY `productId`, `variationId`',
      [cart.id],
    );
    if (lines.length === 0) return cartEmpty();
    if (lines.reduce((units, line) => units + line.quantity, 0) > ORDER_CAPS.unitsPerOrder) {
      return new Refusal('ORDER_TOO_LARGE', MESSAGES.checkout.tooManyUnitsInOrder(ORDER_CAPS.unitsPerOrder), {
        maximum: ORDER_CAPS.unitsPerOrder,
        productTitle: null,
      });
    }
    return lines;
  }

  private async lockWaitingOrder(
    manager: EntityManager,
    userId: number,
  ): Promise<(LockedOrder & { order: { items: OrderItem[] } }) | null> {
    const waiting = await manager.findOne(Order, { where: { pendingForUserId: userId }, select: { id: true } });
    const locked = waiting && (await lockOrder(manager, waiting.id));
    if (!locked || locked.order.orderStatus !== 'pending') return null;
    const items = await manager.find(OrderItem, { where: { orderId: locked.order.id } });
    return { ...locked, order: Object.assign(locked.order, { items }) };
  }

  /** The shopper changed their mind (another cart, address or method): the order waiting closes, its units back on the shelf, in this transaction. */
  private async replace(manager: EntityManager, { order, payment }: LockedOrder): Promise<void> {
    const reason = MESSAGES.payment.replacedByNewOrder;
    // The checkout answering now is all the shopper needs to hear: an "order cancelled" message would alarm them mid-payment.
    const refused = await transition(manager, order, { to: 'cancelled', by: 'shopper', userId: order.userId, reason, tellShopper: false });
    if (refused) throw new Error(`The pending order ${order.id} could not be replaced: ${refused.message}`);
    await movePaymentOrThrow(
      manager,
      { order, payment },
      { to: 'failed', by: 'shopper', userId: order.userId, reason, details: { failureReason: reason } },
    );
  }

  /**
   * What the order keeps of each line: the catalogue's title, picture and price now, and the
   * variation's label and picture when one was chosen. A product's lines share the per-line cap, as
   * they share its stock.
   */
  private async orderLines(manager: EntityManager, lines: CartLine[], { lock }: { lock: boolean }): Promise<OrderLine[] | Refusal> {
    const products = await manager.query<ProductOnSale[]>(
      `SELECT product.id, product.title, product.price, product.salePrice,
         COALESCE(image.url, (SELECT variationImage.url FROM product_variations variation JOIN product_images variationImage ON variationImage.id = variation.imageId
                              WHERE variation.productId = product.id ORDER BY variation.position, variation.id LIMIT 1)) AS image
       FROM products product LEFT JOIN product_images image ON image.id = product.imageId
       WHERE product.id IN (?) ORDER BY product.id${lock ? ' FOR UPDATE' : ''}`,
      [lines.map((line) => line.productId)],
    );
    const chosen = lines.filter((line) => line.variationId !== 0).map((line) => line.variationId);
    const variations =
      chosen.length === 0
        ? []
        : await manager.query<VariationOnSale[]>(
            `SELECT variation.id, variation.productId, variation.label, image.url AS image
       FROM product_variations variation JOIN product_images image ON image.id = variation.imageId
       WHERE variation.id IN (?)`,
            [chosen],
          );
    const byId = new Map(products.map((product) => [product.id, product]));
    const variationById = new Map(variations.map((variation) => [variation.id, variation]));
    const unitsOfProduct = new Map<number, number>();
    for (const line of lines) unitsOfProduct.set(line.productId, (unitsOfProduct.get(line.productId) ?? 0) + line.quantity);
    const items: OrderLine[] = [];
    for (const line of lines) {
      // A cart line's product row is never removed (retiring is a soft delete), so it is there to name.
      const product = byId.get(line.productId)!;
      if (unitsOfProduct.get(line.productId)! > ORDER_CAPS.unitsPerLine)
        return new Refusal('ORDER_TOO_LARGE', MESSAGES.checkout.tooManyUnitsOnLine(product.title, ORDER_CAPS.unitsPerLine), {
          maximum: ORDER_CAPS.unitsPerLine,
          productTitle: product.title,
        });
      // A variation the admin removed since names nothing the shopper could be sent.
      const variation = line.variationId === 0 ? null : variationById.get(line.variationId);
      if (variation === undefined || (variation && variation.productId !== line.productId))
        return new Refusal('VARIATION_GONE', MESSAGES.checkout.variationGone(product.title), { productTitle: product.title });
      items.push({
        productId: line.productId,
        variationId: variation?.id ?? null,
        variationLabel: variation?.label ?? null,
        title: product.title,
        image: variation?.image ?? product.image,
        unitPrice: effectivePrice(product),
        quantity: line.quantity,
      });
    }
    return items;
  }

  private async insertOrder(
    manager: EntityManager,
    userId: number,
    address: Address,
    method: PaymentMethod,
    items: OrderLine[],
  ): Promise<PlacedOrder | Refusal> {
    const subtotalAmount = subtotalOf(items);
    const totalAmount = subtotalAmount + address.deliveryFee;
    const orderId = await insertRows(manager, Order, {
      userId,
      pendingForUserId: userId,
      paymentMethod: method,
      orderStatus: 'pending',
      paymentStatus: 'pending',
      subtotalAmount,
      deliveryFee: address.deliveryFee,
      totalAmount,
      addressInfo: addressSnapshot(address),
      reservationExpiresAt: new Date(Date.now() + this.config.ORDER_RESERVATION_MS),
    });
    await insertRows(
      manager,
      OrderItem,
      items.map((item) => ({ ...item, orderId })),
    );
    const shortage = await openOrder(manager, { id: orderId }, { by: 'shopper', userId });
    if (shortage) return shortage;

    const charge = method === 'paypal' ? this.paypalCharge(totalAmount) : null;
    const paymentId = await insertRows(manager, Payment, {
      orderId,
      method,
      status: 'pending',
      amount: totalAmount,
      ...(charge === null
        ? {}
        : { providerCurrency: charge.currency, providerAmount: Number(charge.value), exchangeRate: charge.kesPerUnit }),
    });
    await recordEvent(manager, 'order.expire', { orderId }, { delayMs: this.config.ORDER_RESERVATION_MS });
    return { orderId, paymentId, totalAmount, providerAmount: charge?.value ?? null, reused: false };
  }
}
