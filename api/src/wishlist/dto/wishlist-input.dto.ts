import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { MESSAGES, type WishlistInput } from '@shop/contracts';
import { RecordId } from '../../common/field-decorators.js';

/** Wishlist add and remove. The userId must be the caller's (the access guard checks it) and is not used. */
export class WishlistInputDto implements Omit<WishlistInput, 'userId'> {
  @ApiProperty({ minimum: 1 })
  @RecordId(MESSAGES.products.invalidId)
  productId!: number;

  @ApiHideProperty()
  @Allow()
  userId?: unknown;
}
