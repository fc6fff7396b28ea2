import { DataSource } from 'typeorm';
import { createTestAccount, createTestProduct, testConfig } from '@shop/testing';
import { createDataSource } from '../data-source.js';
import { Order, OrderItem, Product } from '../entities/index.js';
import { releaseReservedStock, reserveReleasedStockAgain, takeUnits } from './order-lifecycle.js';

describe('stock movements of an order', () => {
  let dataSource: DataSource;
  const stockOf = async (product: Product) => (await dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).totalStock;

  beforeAll(async () => {
    dataSource = await createDataSource(testConfig()).initialize();
  });
  afterAll(() => dataSource?.destroy());

  /** An order holding `quantity` units of each product, taken as checkout takes them. */
  async function orderOf(products: Product[], quantity: number): Promise<number> {
    const { user } = await createTestAccount(dataSource);
    const order = await dataSource.getRepository(Order).save({
      userId: user.id,
      paymentMethod: 'mpesa',
      subtotalAmount: 0,
      deliveryFee: 0,
      totalAmount: 0,
      addressInfo: { addressId: null, address: '', county: '', subCounty: '', location: '', specificAddress: '', phone: '', notes: '', deliveryFee: 0 },
      reservationExpiresAt: null,
      stockReleasedAt: null,
    });
    for (const product of products) {
      expect(await takeUnits(dataSource.manager, product.id, quantity)).toBe(true);
      await dataSource.getRepository(OrderItem).insert({ orderId: order.id, productId: product.id, title: product.title, image: null, unitPrice: product.price, quantity });
    }
    return order.id;
  }

  it('never takes more units than the shelf holds', async () => {
    const product = await createTestProduct(dataSource, { totalStock: 2 });
    expect(await takeUnits(dataSource.manager, product.id, 3)).toBe(false);
    expect(await takeUnits(dataSource.manager, product.id, 2)).toBe(true);
    expect(await takeUnits(dataSource.manager, product.id, 1)).toBe(false);
    expect(await stockOf(product)).toBe(0);
  });

  it('gives an order its units back once, however many closings ask', async () => {
    const product = await createTestProduct(dataSource, { totalStock: 5 });
    const orderId = await orderOf([product], 3);
    expect(await stockOf(product)).toBe(2);
    const releases = await Promise.all([1, 2, 3].map(() => dataSource.transaction((manager) => releaseReservedStock(manager, orderId))));
    expect(releases.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(product)).toBe(5);
  });

  it('takes a released order again all or none, and may then release it again', async () => {
    const [kept, soldOut] = [await createTestProduct(dataSource, { totalStock: 4 }), await createTestProduct(dataSource, { totalStock: 4 })];
    const orderId = await orderOf([kept, soldOut], 2);
    await releaseReservedStock(dataSource.manager, orderId);
    await takeUnits(dataSource.manager, soldOut.id, 3);
    expect(await reserveReleasedStockAgain(dataSource.manager, orderId)).toBe(false);
    expect([await stockOf(kept), await stockOf(soldOut)]).toEqual([4, 1]);

    await dataSource.getRepository(Product).update({ id: soldOut.id }, { totalStock: 2 });
    expect(await reserveReleasedStockAgain(dataSource.manager, orderId)).toBe(true);
    expect([await stockOf(kept), await stockOf(soldOut)]).toEqual([2, 0]);
    expect(await releaseReservedStock(dataSource.manager, orderId)).toBe(true);
    expect([await stockOf(kept), await stockOf(soldOut)]).toEqual([4, 2]);
  });
});
