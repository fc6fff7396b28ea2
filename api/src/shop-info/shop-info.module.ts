import { Module } from '@nestjs/common';
import { ShopInfoController } from './shop-info.controller.js';
import { ShopInfoService } from './shop-info.service.js';

@Module({
  controllers: [ShopInfoController],
  providers: [ShopInfoService],
  exports: [ShopInfoService],
})
export class ShopInfoModule {}
