import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource } from 'typeorm';
import { LIMITS, type DashboardSummary } from '@shop/contracts';
import { Product, User } from '@shop/db';

@Injectable()
export class DashboardService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(): Promise<DashboardSummary> {
    const products = this.dataSource.getRepository(Product);
    const [productCount, lowStockProducts, outOfStockProducts, shoppers] = await Promise.all([
      products.count(),
      products.countBy({ totalStock: Between(1, LIMITS.lowStockThreshold - 1) }),
      products.countBy({ totalStock: 0 }),
      this.dataSource.getRepository(User).countBy({ role: 'user' }),
    ]);
    return { products: productCount, lowStockProducts, outOfStockProducts, shoppers };
  }
}
