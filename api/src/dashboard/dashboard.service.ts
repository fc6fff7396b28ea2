import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource, In, MoreThanOrEqual, Not } from 'typeorm';
import { LIMITS, startOfNairobiDay, type DashboardSummary } from '@shop/contracts';
import { Order, Product, User } from '@shop/db';

@Injectable()
export class DashboardService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(now = new Date()): Promise<DashboardSummary> {
    const products = this.dataSource.getRepository(Product);
    const orders = this.dataSource.getRepository(Order);
    const today = MoreThanOrEqual(startOfNairobiDay(now));
    const [productCount, lowStockProducts, outOfStockProducts, shoppers, ordersToday, paidToday, ordersToShip] = await Promise.all([
      products.count(),
      products.countBy({ totalStock: Between(1, LIMITS.lowStockThreshold - 1) }),
      products.countBy({ totalStock: 0 }),
      this.dataSource.getRepository(User).countBy({ role: 'user' }),
      orders.countBy({ createdAt: today }),
      // A payment that came after its order closed is owed back, not earned.
      orders.sum('totalAmount', { createdAt: today, paymentStatus: 'paid', orderStatus: Not(In(['cancelled', 'rejected'])) }),
      orders.countBy({ paymentStatus: 'paid', orderStatus: In(['confirmed', 'inProcess']) }),
    ]);
    return {
      products: productCount,
      lowStockProducts,
      outOfStockProducts,
      shoppers,
      ordersToday,
      paidTodayKes: Number(paidToday ?? 0),
      ordersToShip,
    };
  }
}
