import { Controller, Get, Header } from '@nestjs/common';
import { DELIVERY_ZONES, type ApiSuccess, type DeliveryCounty } from '@shop/contracts';
import { Public } from '../access/access.decorators.js';

/** The zone table the web's cascading selects read; it changes only with a deploy, so an hour's caching is safe. */
@Public()
@Controller('shop/delivery-zones')
export class DeliveryZonesController {
  @Get()
  @Header('Cache-Control', 'public, max-age=3600')
  zones(): ApiSuccess<readonly DeliveryCounty[]> {
    return { success: true, data: DELIVERY_ZONES };
  }
}
