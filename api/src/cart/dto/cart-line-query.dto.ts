import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { DecimalQueryNumber } from '../../common/field-decorators.js';

/**
 * Which of a product's lines a delete takes. Without it, every line of the product goes, as the old
 * client meant when a product had one line; 0 is the line without a variation.
 */
export class CartLineQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    description: 'The variation of the line to delete; 0 for the line without one; absent for every line of the product',
  })
  @IsOptional()
  @DecimalQueryNumber()
  @IsInt({ message: MESSAGES.variation.invalidId })
  @Min(0, { message: MESSAGES.variation.invalidId })
  @Max(LIMITS.idMax, { message: MESSAGES.variation.invalidId })
  variationId?: number;
}
