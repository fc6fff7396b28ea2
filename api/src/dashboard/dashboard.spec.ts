import type { Server } from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { DashboardSummary, OrderStatus, PaymentStatus } from '@shop/contracts';
import { Order } from '@shop/db';
import { createTestAccount, sessionCookieOf, testConfig } from '@shop/testing';
import { startTestApi, type TestApi } from '../testing/test-api.js';

const DASHBOARD = '/api/admin/dashboard';

describe('admin dashboard', () => {
  let shop: TestApi;
  let server: Server;
  let dataSource: DataSource;
  let adminCookie: string;

  beforeAll(async () => {
    shop = await startTestApi(testConfig());
    ({ server, dataSource } = shop);
    adminCookie = await sessionCookieOf(server, await createTestAccount(dataSource, 'admin'));
  });
  afterAll(() => shop?.app.close());

  const summary = async () => (await request(server).get(DASHBOARD).set('Cookie', adminCookie).expect(200)).body.data as DashboardSummary;

  async function order(userId: number, totalAmount: number, orderStatus: OrderStatus, paymentStatus: PaymentStatus, createdAt = new Date()): Promise<void> {
    await dataSource.getRepository(Order).insert({
      userId,
      paymentMethod: 'mpesa',
      orderStatus,
      paymentStatus,
      subtotalAmount: totalAmount,
      deliveryFee: 0,
      totalAmount,
      addressInfo: { addressId: null, address: '', county: '', subCounty: '', location: '', specificAddress: '', phone: '', notes: '', deliveryFee: 0 },
      reservationExpiresAt: null,
      stockReleasedAt: null,
      createdAt,
    });
  }

  it("counts today's orders, what they brought in, and what is still to ship", async () => {
    const { user } = await createTestAccount(dataSource);
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
    const shopperCookie = await sessionCookieOf(server, await createTestAccount(dataSource));
    await request(server).get(DASHBOARD).set('Cookie', shopperCookie).expect(403);
    await request(server).get(DASHBOARD).expect(401);
  });
});
