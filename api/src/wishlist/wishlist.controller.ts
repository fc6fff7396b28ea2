import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { MESSAGES, type SessionUser, type WishlistAnswer } from '@shop/contracts';
import { CurrentUser } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
import { WishlistInputDto } from './dto/wishlist-input.dto.js';
import { WishlistService } from './wishlist.service.js';

/**
 * The wishlist, answering `wishlist.products`. The userId in the path or body is held to the
 * caller's own by the access guard; the list acted on is always the session's.
 */
@Controller('wishlist')
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  @Get(':userId')
  async get(@CurrentUser() shopper: SessionUser): Promise<WishlistAnswer> {
    return { success: true, wishlist: await this.wishlist.wishlistOf(shopper.id) };
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  async add(@CurrentUser() shopper: SessionUser, @Body() input: WishlistInputDto): Promise<WishlistAnswer> {
    return { success: true, message: MESSAGES.wishlist.added, wishlist: orRefuse(await this.wishlist.add(shopper.id, input.productId)) };
  }

  @Post('remove')
  @HttpCode(HttpStatus.OK)
  async remove(@CurrentUser() shopper: SessionUser, @Body() input: WishlistInputDto): Promise<WishlistAnswer> {
    return { success: true, message: MESSAGES.wishlist.removed, wishlist: await this.wishlist.remove(shopper.id, input.productId) };
  }
}
