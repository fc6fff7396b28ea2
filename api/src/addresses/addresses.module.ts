import { Module } from '@nestjs/common';
import { AddressesController } from './addresses.controller.js';
import { AddressesService } from './addresses.service.js';
import { DeliveryZonesController } from './delivery-zones.controller.js';

@Module({
  controllers: [AddressesController, DeliveryZonesController],
  providers: [AddressesService],
})
export class AddressesModule {}
