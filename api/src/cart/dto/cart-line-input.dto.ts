import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional } from 'class-validator';
import { MESSAGES, type CartLineInput } from '@shop/contracts';
import { Quantity, RecordId } from '../../common/field-decorators.js';

/**
 * Add to cart (quantity is added to the line) and update-cart (quantity replaces it). The
 * userId the old client sent must be the caller's (the access guard checks it) and is not used:
 * the session says whose cart it is. Prices and titles come from the catalogue, never from here.
 */
export class CartLineInputDto implements Omit<CartLineInput, 'userId'> {
  @ApiProperty({ minimum: 1 })
  @RecordId(MESSAGES.products.invalidId)
  productId!: number;

  @ApiProperty({ minimum: 1, description: 'A whole number; the line may not pass the product’s totalStock' })
  @Quantity()
  quantity!: number;

  @ApiPropertyOptional({
    minimum: 1,
    nullable: true,
    description: 'One of the product’s variations; absent or null for the product without one',
  })
  @IsOptional()
  @RecordId(MESSAGES.variation.invalidId)
  variationId?: number | null;

  @ApiHideProperty()
  @Allow()
  userId?: unknown;
}
