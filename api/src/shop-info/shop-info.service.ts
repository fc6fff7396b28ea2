import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@shop/config';
import type { ShopInfo } from '@shop/contracts';
import { APP_CONFIG } from '@shop/infrastructure';

/** The shop's contact details as this deployment is configured with them (libs/config: SHOP_PHONE, SHOP_HOURS, SHOP_ADDRESS). */
@Injectable()
export class ShopInfoService {
  private readonly info: ShopInfo;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.info = { phone: config.SHOP_PHONE, openingHours: config.SHOP_HOURS, address: config.SHOP_ADDRESS };
  }

  contact(): ShopInfo {
    return this.info;
  }
}
