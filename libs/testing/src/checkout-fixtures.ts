import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ORDER_API, SHOPPER_API, type Address as AddressView, type DeliveryPlace } from '@shop/contracts';
import { inTransaction, lockOrder, movePaymentOrThrow, Order, OutboxEvent, Payment, Product, transition, type OrderItem } from '@shop/db';
import { createTestAccount, sessionCookieOf, type TestAccount } from './accounts.js';
import { newPhone } from './phones.js';

/** A place of the zone table and its fee, for addresses the tests price orders with. */
export const PARKLANDS = { county: 'Nairobi', subCounty: 'Westlands', location: 'Parklands', fee: 150 } as const;
export const NGONG = { county: 'Kajiado', subCounty: 'Kajiado North', location: 'Ngong', fee: 230 } as const;

export interface Shopper {
  account: TestAccount;
  id: number;
  cookie: string;
  /** Where the shopper's requests come from, as the proxy in front of the api reports it (X-Forwarded-For). */
  clientAddress: string;
}

/**
 * A network of the shopper's own (10.x.y.z, random like their phone): shoppers check out from their
 * own homes, so the per-address checkout limit counts each of them, not the test machine they share.
 */
const newClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * The shop as the checkout tests drive it: through its routes, as a signed-in shopper from their own
 * network (startPaymentStack trusts the one proxy hop that says so). M-Pesa goes only to a phone of
 * the shopper's saved addresses: a test pays with `address.phone`, each address having a number of
 * its own unless the test names one (a sandbox test number, a phone given a sandbox behaviour).
 */
export function checkoutDriver(server: Server, dataSource: DataSource) {
  const as = (shopper: Shopper, test: request.Test) => test.set('Cookie', shopper.cookie).set('X-Forwarded-For', shopper.clientAddress);

  const driver = {
    newPhone,

    async shopper(role: 'user' | 'admin' = 'user'): Promise<Shopper> {
      const account = await createTestAccount(dataSource, role);
      const clientAddress = newClientAddress();
      return { account, id: account.user.id, cookie: await sessionCookieOf(server, account, clientAddress), clientAddress };
    },

    async address(shopper: Shopper, place: DeliveryPlace = PARKLANDS, phone = newPhone()): Promise<AddressView> {
      const body = {
        county: place.county,
        subCounty: place.subCounty,
        location: place.location,
        specificAddress: 'House 7, Tumaini Lane',
        phone,
      };
      return (await as(shopper, request(server).post(SHOPPER_API.addAddress)).send(body).expect(201)).body.data as AddressView;
    },

    async addToCart(shopper: Shopper, product: Pick<Product, 'id'>, quantity: number): Promise<void> {
      await as(shopper, request(server).post(SHOPPER_API.addToCart)).send({ productId: product.id, quantity }).expect(200);
    },

    /** A shopper with an address in Parklands (its phone `phone`, or one of its own) and the given lines in their cart. */
    async shopperWithCart(lines: [Pick<Product, 'id'>, number][], phone?: string): Promise<{ shopper: Shopper; address: AddressView }> {
      const shopper = await driver.shopper();
      const address = await driver.address(shopper, PARKLANDS, phone);
      for (const [product, quantity] of lines) await driver.addToCart(shopper, product, quantity);
      return { shopper, address };
    },

    payByMpesa: (shopper: Shopper, body: object) => as(shopper, request(server).post(ORDER_API.startMpesaPayment)).send(body),
    payByPaypal: (shopper: Shopper, body: object) => as(shopper, request(server).post(ORDER_API.createPaypalOrder)).send(body),
    capture: (shopper: Shopper, body: object) => as(shopper, request(server).post(ORDER_API.capturePaypalOrder)).send(body),
    details: (shopper: Shopper, orderId: number | string) => as(shopper, request(server).get(ORDER_API.order(orderId))),
    cancel: (shopper: Shopper, orderId: number | string) => as(shopper, request(server).post(ORDER_API.cancelOrder(orderId))),
    paypalCancelled: (shopper: Shopper, body: object) => as(shopper, request(server).post(ORDER_API.paypalCancelled)).send(body),

    /** The order's money arrived, as a settlement records it: the payment paid and the order confirmed. */
    markPaid: (orderId: number) =>
      inTransaction(dataSource, async (manager) => {
        const locked = (await lockOrder(manager, orderId))!;
        await movePaymentOrThrow(manager, locked, { to: 'paid', by: 'provider' });
        const refused = await transition(manager, locked.order, { to: 'confirmed', by: 'payment' });
        if (refused) throw new Error(refused.message);
      }),

    stockOf: async (product: Pick<Product, 'id'>) =>
      (await dataSource.getRepository(Product).findOneOrFail({ where: { id: product.id }, withDeleted: true })).totalStock,
    ordersOf: (shopper: Shopper) =>
      dataSource.getRepository(Order).find({ where: { userId: shopper.id }, relations: { items: true }, order: { id: 'ASC' } }),
    paymentOf: (orderId: number) => dataSource.getRepository(Payment).findOneByOrFail({ orderId }),
    /** The outbox rows written for an order (or its payment), oldest first: what the workers will be told. */
    eventsOf: (orderId: number, paymentId = 0) =>
      dataSource
        .getRepository(OutboxEvent)
        .createQueryBuilder('event')
        .where("JSON_EXTRACT(event.payload, '$.orderId') = :orderId OR JSON_EXTRACT(event.payload, '$.paymentId') = :paymentId", {
          orderId,
          paymentId,
        })
        .orderBy('event.id', 'ASC')
        .getMany(),
    lines: (items: OrderItem[]) =>
      [...items]
        .sort((a, b) => a.id - b.id)
        .map(({ productId, title, image, unitPrice, quantity }) => ({ productId, title, image, unitPrice, quantity })),
  };
  return driver;
}
