import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { AdminProductsController } from './admin-products.controller.js';
import { ProductsService } from './products.service.js';

@Module({
  imports: [ImagesModule],
  controllers: [AdminProductsController],
  providers: [ProductsService],
  exports: [ProductsService],
})
export class ProductsModule {}
