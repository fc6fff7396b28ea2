import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { MESSAGES, type AdminProduct, type ApiSuccess, type SessionUser } from '@shop/contracts';
import { CurrentUser } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
import { ProductInputDto } from './dto/product-input.dto.js';
import { ProductIdPipe } from './product-id.pipe.js';
import { ProductsService } from './products.service.js';

/** Admin products (docs/product.md, Api routes); admin-only by its /api/admin/ path. */
@Controller('admin/products')
export class AdminProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('get')
  async list(): Promise<ApiSuccess<AdminProduct[]>> {
    return { success: true, data: await this.products.list() };
  }

  @Post('add')
  async add(@CurrentUser() admin: SessionUser, @Body() input: ProductInputDto): Promise<ApiSuccess<AdminProduct>> {
    return { success: true, message: MESSAGES.products.added, data: orRefuse(await this.products.add(input, admin.id)) };
  }

  @Put('edit{/:id}')
  async edit(
    @CurrentUser() admin: SessionUser,
    @Param('id', ProductIdPipe) id: number,
    @Body() input: ProductInputDto,
  ): Promise<ApiSuccess<AdminProduct>> {
    return { success: true, message: MESSAGES.products.updated, data: orRefuse(await this.products.edit(id, input, admin.id)) };
  }

  @Delete('delete{/:id}')
  async remove(@Param('id', ProductIdPipe) id: number): Promise<ApiSuccess<{ id: number }>> {
    return { success: true, message: MESSAGES.products.deleted, data: orRefuse(await this.products.remove(id)) };
  }
}
