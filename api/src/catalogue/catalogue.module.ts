import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { CatalogueService } from './catalogue.service.js';
import { ShopProductsController } from './shop-products.controller.js';

@Module({
  imports: [ProductsModule],
  controllers: [ShopProductsController],
  providers: [CatalogueService],
  exports: [CatalogueService],
})
export class CatalogueModule {}
