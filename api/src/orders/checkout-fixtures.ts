import type { Server } from 'node:http';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ORDER_API, SHOPPER_API, type Address as AddressView, type DeliveryPlace } from '@shop/contracts';
import { Order, OutboxEvent, Payment, Product, type OrderItem } from '@shop/db';
import { createTestAccount, sessionCookieOf, type TestAccount } from '@shop/testing';

/** A place of the zone table and its fee, for addresses the tests price orders with. */
export const PARKLANDS = { county: 'Nairobi', subCounty: 'Westlands', location: 'Parklands', fee: 150 } as const;
export const NGONG = { county: 'Kajiado', subCounty: 'Kajiado North', location: 'Ngong', fee: 230 } as const;

/** A number Daraja's sandbox prompts and pays with. */
export const PAYING_PHONE = '0712 345 678';

export interface Shopper {
  account: TestAccount;
  id: number;
  cookie: string;
}

/** The shop as the checkout tests drive it: through its routes, as a signed-in shopper. */
export function checkoutDriver(server: Server, dataSource: DataSource) {
  const driver = {
    async shopper(role: 'user' | 'admin' = 'user'): Promise<Shopper> {
      const account = await createTestAccount(dataSource, role);
      return { account, id: account.user.id, cookie: await sessionCookieOf(server, account) };
    },

    async address(shopper: Shopper, place: DeliveryPlace = PARKLANDS): Promise<AddressView> {
      const body = { county: place.county, subCounty: place.subCounty, location: place.location, specificAddress: 'House 7, Tumaini Lane', phone: '0722 000 111' };
      return (await request(server).post(SHOPPER_API.addAddress).set('Cookie', shopper.cookie).send(body).expect(201)).body.data as AddressView;
    },

    async addToCart(shopper: Shopper, product: Pick<Product, 'id'>, quantity: number): Promise<void> {
      await request(server).post(SHOPPER_API.addToCart).set('Cookie', shopper.cookie).send({ productId: product.id, quantity }).expect(200);
    },

    /** A shopper with an address in Parklands and the given lines in their cart. */
    async shopperWithCart(lines: [Pick<Product, 'id'>, number][]): Promise<{ shopper: Shopper; address: AddressView }> {
      const shopper = await driver.shopper();
      const address = await driver.address(shopper);
      for (const [product, quantity] of lines) await driver.addToCart(shopper, product, quantity);
      return { shopper, address };
    },

    payByMpesa: (shopper: Shopper, body: object) => request(server).post(ORDER_API.startMpesaPayment).set('Cookie', shopper.cookie).send(body),
    payByPaypal: (shopper: Shopper, body: object) => request(server).post(ORDER_API.createPaypalOrder).set('Cookie', shopper.cookie).send(body),
    capture: (shopper: Shopper, body: object) => request(server).post(ORDER_API.capturePaypalOrder).set('Cookie', shopper.cookie).send(body),
    details: (shopper: Shopper, orderId: number | string) => request(server).get(ORDER_API.order(orderId)).set('Cookie', shopper.cookie),

    stockOf: async (product: Pick<Product, 'id'>) => (await dataSource.getRepository(Product).findOneOrFail({ where: { id: product.id }, withDeleted: true })).totalStock,
    ordersOf: (shopper: Shopper) => dataSource.getRepository(Order).find({ where: { userId: shopper.id }, relations: { items: true }, order: { id: 'ASC' } }),
    paymentOf: (orderId: number) => dataSource.getRepository(Payment).findOneByOrFail({ orderId }),
    /** The outbox rows written for an order (or its payment), oldest first: what the workers will be told. */
    eventsOf: (orderId: number, paymentId = 0) =>
      dataSource
        .getRepository(OutboxEvent)
        .createQueryBuilder('event')
        .where("JSON_EXTRACT(event.payload, '$.orderId') = :orderId OR JSON_EXTRACT(event.payload, '$.paymentId') = :paymentId", { orderId, paymentId })
        .orderBy('event.id', 'ASC')
        .getMany(),
    lines: (items: OrderItem[]) => [...items].sort((a, b) => a.id - b.id).map(({ productId, title, image, unitPrice, quantity }) => ({ productId, title, image, unitPrice, quantity })),
  };
  return driver;
}
