import request from 'supertest';
import type { DashboardSummary, OrderStatus, PaymentStatus } from '@shop/contracts';
import { Order } from '@shop/db';
import { createTestAccount, sessionCookieOf } from '@shop/testing';
import { useTestApi } from '../testing/test-api.js';

const DASHBOARD = '/api/admin/dashboard';

describe('admin dashboard', () => {
  const shop = useTestApi();
  let adminCookie: string;

  beforeAll(async () => {
    adminCookie = await sessionCookieOf(shop.server, await createTestAccount(shop.dataSource, 'admin'));
  });

  const summary = async () =>
    (await request(shop.server).get(DASHBOARD).set('Cookie', adminCookie).expect(200)).body.data as DashboardSummary;

  async function order(
    userId: number,
    totalAmount: number,
    orderStatus: OrderStatus,
    paymentStatus: PaymentStatus,
    createdAt = new Date(),
  ): Promise<void> {
    await shop.dataSource.getRepository(Order).insert({
      userId,
      paymentMethod: 'mpesa',
      orderStatus,
      paymentStatus,
      subtotalAmount: totalAmount,
      deliveryFee: 0,
      totalAmount,
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
      createdAt,
    });
  }

  it("counts today's orders, what they brought in, and what is still to ship", async () => {
    const { user } = await createTestAccount(shop.dataSource);
    const before = await summary();
    await order(user.id, 1_200, 'confirmed', 'paid');
    await order(user.id, 800, 'inProcess', 'paid');
    await order(user.id, 500, 'pending', 'pending');
    await order(user.id, 900, 'cancelled', 'paid');
    await order(user.id, 4_000, 'delivered', 'paid', new Date(Date.now() - 3 * 24 * 3600 * 1000));
    const after = await summary();
    expect(after.ordersToday - before.ordersToday).toBe(4);
    // The cancelled order's money is owed back; the delivered one was paid days ago.
    expect(after.paidTodayKes - before.paidTodayKes).toBe(2_000);
    expect(after.ordersToShip - before.ordersToShip).toBe(2);
  });

  it('is for admins only', async () => {
    const shopperCookie = await sessionCookieOf(shop.server, await createTestAccount(shop.dataSource));
    await request(shop.server).get(DASHBOARD).set('Cookie', shopperCookie).expect(403);
    await request(shop.server).get(DASHBOARD).expect(401);
  });
});
