import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import { Allow, IsInt, Min } from 'class-validator';
import { MESSAGES, type CartLineInput } from '@shop/contracts';

/**
 * Add to cart (quantity is added to the line) and update-cart (quantity replaces it), spec §7. The
 * userId the old client sent must be the caller's (the access guard checks it) and is not used:
 * the session says whose cart it is. Prices and titles come from the catalogue, never from here.
 */
export class CartLineInputDto implements Omit<CartLineInput, 'userId'> {
  @ApiProperty({ minimum: 1 })
  @IsInt({ message: MESSAGES.products.invalidId })
  @Min(1, { message: MESSAGES.products.invalidId })
  productId!: number;

  @ApiProperty({ minimum: 1, description: 'A whole number; the line may not pass the product’s totalStock' })
  @IsInt({ message: MESSAGES.cart.quantityInvalid })
  @Min(1, { message: MESSAGES.cart.quantityInvalid })
  quantity!: number;

  @ApiHideProperty()
  @Allow()
  userId?: unknown;
}
