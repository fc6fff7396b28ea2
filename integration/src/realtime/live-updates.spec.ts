import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { JOBS, ORDER_API, outboxJobId, QUEUES, SOCKET_EVENTS, type OrderDetails, type OrderStatus } from '@shop/contracts';
import { OutboxEvent, Session } from '@shop/db';
import {
  checkoutDriver,
  createTestProduct,
  liveClients,
  startTcpBalancer,
  waitFor,
  type LiveClient,
  type Shopper,
  type TcpBalancer,
} from '@shop/testing';
import { sessionTokenHash } from '../../../api/src/access/session-token.js';
import { EventsGateway } from '../../../api/src/realtime/events.gateway.js';
import { startTestApi, type TestApi } from '../../../api/src/testing/test-api.js';
import { OrderUpdates } from '../../../workers/src/orders/order-updates.js';
import { WorkersModule } from '../../../workers/src/workers.module.js';
import { startShopStack, type ShopStack } from '../shop-stack.js';

/**
 * Live updates across instances (decision: Live updates): two api instances and two worker processes on one configuration (one
 * database, one Redis prefix), browsers' sockets on either instance.
 */
describe('live updates across two api instances and two workers', () => {
  const clients = liveClients();
  let stack: ShopStack;
  let secondApi: TestApi;
  let secondApiRunning = true;
  let secondWorkers: INestApplication;
  let urls: [string, string];
  let shop: ReturnType<typeof checkoutDriver>;
  let admin: Shopper;
  let balancer: TcpBalancer | undefined;

  beforeAll(async () => {
    stack = await startShopStack({ config: { MPESA_RECONCILE_DELAY_MS: '600000' } });
    secondApi = await startTestApi(stack.config);
    secondWorkers = await NestFactory.create(WorkersModule.register(stack.config), { logger: false });
    await secondWorkers.init();
    urls = [await stack.api.app.getUrl(), await secondApi.app.getUrl()];
    shop = checkoutDriver(stack.server, stack.dataSource);
    admin = await shop.shopper('admin');
  });

  afterAll(async () => {
    clients.closeAll();
    await balancer?.close();
    await secondWorkers?.close();
    if (secondApiRunning) await secondApi?.app.close();
    await stack?.close();
  });

  const workerApps = () => [stack.workers, secondWorkers];
  /** One socket of the session on each api instance, as two tabs behind a balancer may be. */
  const onBothInstances = (cookie: string) => Promise.all(urls.map((url) => clients.open(url, { cookie }).connected()));
  const updatesOf = (client: LiveClient, orderId: number) =>
    client.events(SOCKET_EVENTS.orderUpdated).filter((event) => event.orderId === orderId);
  const paidOf = (client: LiveClient, orderId: number) =>
    client.events(SOCKET_EVENTS.adminOrderPaid).filter((event) => event.orderId === orderId);

  /** The order's `order.status-changed` event that its payment's settlement recorded. */
  const paidAnnouncementOf = (orderId: number) =>
    stack.dataSource
      .getRepository(OutboxEvent)
      .createQueryBuilder('event')
      .where("event.jobName = :jobName AND JSON_EXTRACT(event.payload, '$.orderId') = :orderId AND JSON_EXTRACT(event.payload, '$.paid')", {
        jobName: JOBS.orderStatusChanged,
        orderId,
      })
      .getOne();

  /** A shopper's order paid through Daraja's sandbox: the callback, its job and the settlement are the real ones. */
  async function payByMpesa(shopper: Shopper): Promise<number> {
    const product = await createTestProduct(stack.dataSource, { price: 650, totalStock: 5 });
    const address = await shop.address(shopper);
    await shop.addToCart(shopper, product, 1);
    const answer = await shop.payByMpesa(shopper, { addressId: address.id, phone: address.phone }).expect(201);
    return (answer.body.data as { orderId: number }).orderId;
  }

  /** The order paid, and every event of it told already, so that sockets opened now hear only what a test sends. */
  async function settledOrder(shopper: Shopper): Promise<number> {
    const orderId = await payByMpesa(shopper);
    await waitFor('the order to settle', async () => (await shop.details(shopper, orderId)).body.data?.paymentStatus === 'paid');
    await waitFor('the paid order to be announced', async () => (await paidAnnouncementOf(orderId))?.publishedAt ?? undefined);
    return orderId;
  }

  const setStatus = (orderId: number, orderStatus: OrderStatus, server = stack.server) =>
    request(server).put(ORDER_API.adminUpdateOrder(orderId)).set('Cookie', admin.cookie).send({ orderStatus }).expect(200);

  it('carries a real settlement to the owner and the admins on both instances, and to nobody else', async () => {
    const [shopperA, shopperB] = [await shop.shopper(), await shop.shopper()];
    const ownerTabs = await onBothInstances(shopperA.cookie);
    const adminTabs = await onBothInstances(admin.cookie);
    const otherTabs = await onBothInstances(shopperB.cookie);

    const orderId = await payByMpesa(shopperA);

    for (const tab of [...ownerTabs, ...adminTabs]) {
      await waitFor('the paid order at every tab of owner and admin', () =>
        updatesOf(tab, orderId).some((event) => event.paymentStatus === 'paid' && event.orderStatus === 'confirmed'),
      );
    }
    for (const tab of adminTabs) await waitFor('the paid order alert at the admin', () => paidOf(tab, orderId).length === 1);
    expect(otherTabs.flatMap((tab) => tab.deliveries())).toEqual([]);
    expect(ownerTabs.flatMap((tab) => tab.events(SOCKET_EVENTS.adminOrderPaid))).toEqual([]);
    // The worker that settled it told the browsers itself: its event became no job on the orders queue.
    const announcement = await waitFor('the announcement marked published', async () => {
      const event = await paidAnnouncementOf(orderId);
      return event?.publishedAt ? event : undefined;
    });
    expect(await stack.workers.get<Queue>(getQueueToken(QUEUES.orders)).getJob(outboxJobId(announcement.id))).toBeUndefined();
  });

  it('delivers from either worker to clients on either instance: the owner’s to the owner, admin events to admins only', async () => {
    const [shopperA, shopperB] = [await shop.shopper(), await shop.shopper()];
    const orderId = await settledOrder(shopperA);
    const ownerTabs = await onBothInstances(shopperA.cookie);
    const adminTabs = await onBothInstances(admin.cookie);
    const otherTabs = await onBothInstances(shopperB.cookie);

    for (const [index, workers] of workerApps().entries()) {
      await workers.get(OrderUpdates).announce({ orderId, paid: true });
      const sent = index + 1;
      for (const tab of [...ownerTabs, ...adminTabs]) {
        await waitFor(`worker ${sent}'s order:updated at every tab`, () => updatesOf(tab, orderId).length === sent);
      }
      for (const tab of adminTabs)
        await waitFor(`worker ${sent}'s admin:order-paid at the admin`, () => paidOf(tab, orderId).length === sent);
    }

    // Each socket got each event once: the owner's room and admins' are one emit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const tab of [...ownerTabs, ...adminTabs]) expect(updatesOf(tab, orderId)).toHaveLength(2);
    expect(ownerTabs.flatMap((tab) => tab.events(SOCKET_EVENTS.adminOrderPaid))).toEqual([]);
    expect(otherTabs.flatMap((tab) => tab.deliveries())).toEqual([]);
  });

  it('closes the sockets of an ended session on every instance: sign-out, signing in over it, expiry', async () => {
    const shopper = await shop.shopper();
    const signingOut = await onBothInstances(shopper.cookie);
    const other = await shop.shopper();
    const signingInOver = await onBothInstances(other.cookie);
    const expiringSession = await shop.shopper();
    const expiring = await onBothInstances(expiringSession.cookie);
    const untouched = await onBothInstances(admin.cookie);

    await request(secondApi.server).post('/api/auth/logout').set('Cookie', shopper.cookie).expect(200);
    for (const tab of signingOut) expect(await tab.closed()).toBe('io server disconnect');

    await request(stack.server)
      .post('/api/auth/login')
      .set('Cookie', other.cookie)
      .send({ email: other.account.email, password: other.account.password })
      .expect(200);
    for (const tab of signingInOver) expect(await tab.closed()).toBe('io server disconnect');

    const token = expiringSession.cookie.slice(expiringSession.cookie.indexOf('=') + 1);
    await stack.dataSource
      .getRepository(Session)
      .update({ tokenHash: sessionTokenHash(token) }, { expiresAt: new Date(Date.now() - 1000) });
    await Promise.all([stack.api.app, secondApi.app].map((app) => app.get(EventsGateway).closeEndedSessions()));
    for (const tab of expiring) expect(await tab.closed()).toBe('io server disconnect');

    expect(untouched.every((tab) => tab.socket.connected)).toBe(true);
  });

  it('moves the clients of a stopped instance to the other, where a refetch catches up on what they missed', async () => {
    const shopper = await shop.shopper();
    const orderId = await settledOrder(shopper);
    const [firstPort, secondPort] = urls.map((url) => Number(new URL(url).port)) as [number, number];
    // The balancer sends new connections to the second instance while it runs, else to the first.
    balancer = await startTcpBalancer([secondPort, firstPort]);
    const reconnecting = { reconnection: true, reconnectionDelay: 100, reconnectionDelayMax: 300, randomizationFactor: 0 };
    const ownerTab = await clients.open(balancer.url, { cookie: shopper.cookie }, reconnecting).connected();
    const adminTab = await clients.open(balancer.url, { cookie: admin.cookie }, reconnecting).connected();
    const watcherOnFirst = await clients.open(urls[0], { cookie: admin.cookie }).connected();
    // The web refetches what it shows on every reconnect; so does this browser.
    const refetched: OrderDetails[] = [];
    ownerTab.socket.on('connect', () => {
      if (ownerTab.connects > 1) {
        void request(balancer!.url)
          .get(ORDER_API.order(orderId))
          .set('Cookie', shopper.cookie)
          .then((answer) => refetched.push(answer.body.data as OrderDetails));
      }
    });

    balancer.pause();
    await secondApi.app.close();
    secondApiRunning = false;
    expect(await ownerTab.closed()).toBe('transport close');
    expect(await adminTab.closed()).toBe('transport close');

    await setStatus(orderId, 'inShipping');
    await waitFor('the change at a socket that stayed connected', () =>
      updatesOf(watcherOnFirst, orderId).some((event) => event.orderStatus === 'inShipping'),
    );
    expect(updatesOf(ownerTab, orderId)).toEqual([]);

    balancer.resume();
    await waitFor('the owner to reconnect', () => ownerTab.socket.connected);
    await waitFor('the admin to reconnect', () => adminTab.socket.connected);
    const [afterReconnect] = await waitFor('the refetch', () => refetched.length > 0 && refetched);
    expect(afterReconnect).toMatchObject({ id: orderId, orderStatus: 'inShipping', paymentStatus: 'paid' });

    await setStatus(orderId, 'delivered');
    for (const tab of [ownerTab, adminTab]) {
      await waitFor('the next change live on the remaining instance', () =>
        updatesOf(tab, orderId).some((event) => event.orderStatus === 'delivered'),
      );
    }
    expect(updatesOf(ownerTab, orderId).map((event) => event.orderStatus)).toEqual(['delivered']);
  });
});
