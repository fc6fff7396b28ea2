import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import { Allow, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { LIMITS, MESSAGES, type ReviewInput } from '@shop/contracts';
import { MaxCharacters, RecordId, Trimmed } from '../../common/field-decorators.js';

/**
 * A shopper's review (docs/product.md, Reviews). The old client also sent userId and userName: the id must be the
 * caller's (the access guard checks it) and the name is the account's, so both are ignored here.
 */
export class ReviewInputDto implements ReviewInput {
  @ApiProperty()
  @RecordId(MESSAGES.products.invalidId)
  productId!: number;

  @ApiProperty({ maxLength: LIMITS.reviewMessageMaxLength })
  @Trimmed()
  @IsNotEmpty({ message: MESSAGES.review.messageRequired })
  @MaxCharacters(LIMITS.reviewMessageMaxLength, MESSAGES.review.messageTooLong(LIMITS.reviewMessageMaxLength))
  @IsString({ message: MESSAGES.review.messageRequired })
  reviewMessage!: string;

  @ApiProperty({ minimum: LIMITS.reviewValueMin, maximum: LIMITS.reviewValueMax })
  @IsInt({ message: MESSAGES.review.ratingRequired })
  @Min(LIMITS.reviewValueMin, { message: MESSAGES.review.ratingRequired })
  @Max(LIMITS.reviewValueMax, { message: MESSAGES.review.ratingRequired })
  reviewValue!: number;

  @ApiHideProperty()
  @Allow()
  userId?: unknown;

  @ApiHideProperty()
  @Allow()
  userName?: unknown;
}
