import type { DataSource } from 'typeorm';
import { inTransaction, openOrder, Order, OrderItem, Payment, type Product } from '@shop/db';
import { createTestAccount } from './accounts.js';

/** A pending M-Pesa order of `user` (a new shopper when none) holding `quantity` units of each product, opened as checkout opens one. */
export async function openTestOrder(dataSource: DataSource, products: Product[], quantity: number, user?: { id: number }): Promise<number> {
  user ??= (await createTestAccount(dataSource)).user;
  return inTransaction(dataSource, async (manager) => {
    const { identifiers } = await manager.insert(Order, {
      userId: user!.id,
      pendingForUserId: user!.id,
      paymentMethod: 'mpesa',
      subtotalAmount: 0,
      deliveryFee: 0,
      totalAmount: 0,
      addressInfo: {
        addressId: null,
        address: '',
        county: '',
        subCounty: '',
        location: '',
        specificAddress: '',
        phone: '',
        notes: '',
        deliveryFee: 0,
      },
      reservationExpiresAt: null,
    });
    const orderId = identifiers[0]!.id as number;
    await manager.insert(
      OrderItem,
      products.map((product) => ({
        orderId,
        productId: product.id,
        title: product.title,
        image: null,
        unitPrice: product.price,
        quantity,
      })),
    );
    await manager.insert(Payment, { orderId, method: 'mpesa', amount: 0 });
    const refused = await openOrder(manager, { id: orderId }, { by: 'shopper', userId: user!.id });
    if (refused) throw new Error(refused.message);
    return orderId;
  });
}
