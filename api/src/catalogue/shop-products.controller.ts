import { Controller, Get, Param, Query } from '@nestjs/common';
import type { ApiSuccess, Product, ProductPage } from '@shop/contracts';
import { Public } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
import { ProductIdPipe } from '../products/product-id.pipe.js';
import { CatalogueService } from './catalogue.service.js';
import { ListingQueryDto } from './dto/listing.query.js';
import { PageQueryDto } from './dto/page.query.js';

/** Shop products and search. The catalogue is the shop window: guests may look too. */
@Public()
@Controller('shop')
export class ShopProductsController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('products/get')
  listing(@Query() query: ListingQueryDto): Promise<ProductPage> {
    return this.catalogue.listing(query);
  }

  @Get('products/get/:id')
  async product(@Param('id', ProductIdPipe) id: number): Promise<ApiSuccess<Product>> {
    return { success: true, data: orRefuse(await this.catalogue.product(id)) };
  }

  @Get('search/:keyword')
  async search(@Param('keyword') keyword: string, @Query() query: PageQueryDto): Promise<ProductPage> {
    return orRefuse(await this.catalogue.search(keyword, query));
  }
}
