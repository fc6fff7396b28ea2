import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { MESSAGES, type ApiSuccess, type Cart, type SessionUser } from '@shop/contracts';
import { CurrentUser } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
import { ProductIdPipe } from '../products/product-id.pipe.js';
import { CartService } from './cart.service.js';
import { CartLineInputDto } from './dto/cart-line-input.dto.js';
import { CartLineQueryDto } from './dto/cart-line-query.dto.js';

/**
 * The cart. The paths and bodies name a userId, which the access guard holds to the caller's
 * own; the cart acted on is always the session's. Every answer carries the whole cart.
 */
@Controller('shop/cart')
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Post('add')
  @HttpCode(HttpStatus.OK)
  async add(@CurrentUser() shopper: SessionUser, @Body() input: CartLineInputDto): Promise<ApiSuccess<Cart>> {
    return { success: true, message: MESSAGES.cart.productAdded, data: orRefuse(await this.cart.add(shopper.id, input)) };
  }

  @Get('get/:userId')
  async get(@CurrentUser() shopper: SessionUser): Promise<ApiSuccess<Cart>> {
    return { success: true, data: await this.cart.cartOf(shopper.id) };
  }

  @Put('update-cart')
  async update(@CurrentUser() shopper: SessionUser, @Body() input: CartLineInputDto): Promise<ApiSuccess<Cart>> {
    return { success: true, message: MESSAGES.cart.itemUpdated, data: orRefuse(await this.cart.update(shopper.id, input)) };
  }

  @Delete(':userId/:productId')
  async remove(
    @CurrentUser() shopper: SessionUser,
    @Param('productId', ProductIdPipe) productId: number,
    @Query() line: CartLineQueryDto,
  ): Promise<ApiSuccess<Cart>> {
    return {
      success: true,
      message: MESSAGES.cart.itemDeleted,
      data: orRefuse(await this.cart.remove(shopper.id, productId, line.variationId)),
    };
  }
}
