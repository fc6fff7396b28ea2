import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, ShopInfo } from '@shop/contracts';
import { Public } from '../access/access.decorators.js';
import { ShopInfoService } from './shop-info.service.js';

/**
 * The shop's phone, hours and address for the contact strip and the footer, guests included. They
 * change only with a redeploy: five minutes' caching spares every page view a request.
 */
@ApiTags('shop-info')
@Public()
@Controller('common/shop-info')
export class ShopInfoController {
  constructor(private readonly shopInfo: ShopInfoService) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ description: "The shop's phone number, opening hours and address" })
  get(): ApiSuccess<ShopInfo> {
    return { success: true, data: this.shopInfo.contact() };
  }
}
