import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { CATEGORY_IDS, LIMITS, MESSAGES, type CategoryId, type ProductInput } from '@shop/contracts';
import { MaxCharacters, Trimmed, WholeAmount } from '../../common/field-decorators.js';

export class VariationInputDto {
  @ApiProperty({ description: 'The url an upload answered with', example: '/uploads/originals/3f2a….jpg' })
  @IsNotEmpty({ message: MESSAGES.variation.imageRequired })
  @IsString({ message: MESSAGES.variation.imageRequired })
  image!: string;

  @ApiProperty({ maxLength: LIMITS.variationLabelMaxLength, example: 'Red' })
  @Trimmed()
  @IsNotEmpty({ message: MESSAGES.variation.labelRequired })
  @MaxCharacters(LIMITS.variationLabelMaxLength, MESSAGES.variation.labelTooLong)
  @IsString({ message: MESSAGES.variation.labelRequired })
  label!: string;
}

/**
 * The admin's product sheet (add and edit). Prices and stock arrive as numbers; averageReview
 * may be sent, as the old client did, and is ignored: only reviews move it.
 */
export class ProductInputDto implements ProductInput {
  @ApiPropertyOptional({ description: 'The url an upload answered with; optional when a variation has an image', nullable: true })
  @IsOptional()
  @IsString({ message: MESSAGES.products.imageNotUploaded })
  image?: string | null;

  @ApiProperty({ maxLength: LIMITS.productTitleMaxLength })
  @Trimmed()
  @IsNotEmpty({ message: MESSAGES.products.requirements.title })
  @MaxCharacters(LIMITS.productTitleMaxLength, MESSAGES.products.titleTooLong(LIMITS.productTitleMaxLength))
  @IsString({ message: MESSAGES.products.requirements.title })
  title!: string;

  @ApiPropertyOptional({ maxLength: LIMITS.productDescriptionMaxLength })
  @IsOptional()
  @Trimmed()
  // A TEXT column holds 65,535 bytes: 5,000 characters of at most 4 bytes each always fit.
  @MaxCharacters(LIMITS.productDescriptionMaxLength, MESSAGES.products.descriptionTooLong(LIMITS.productDescriptionMaxLength))
  @IsString({ message: MESSAGES.products.descriptionTooLong(LIMITS.productDescriptionMaxLength) })
  description?: string;

  @ApiProperty({ enum: CATEGORY_IDS })
  @IsIn(CATEGORY_IDS, {
    message: ({ value }: ValidationArguments) =>
      value === undefined || value === null || value === '' ? MESSAGES.products.requirements.category : MESSAGES.products.unknownCategory,
  })
  category!: CategoryId;

  @ApiProperty({ description: 'Whole KES', minimum: 0 })
  @WholeAmount(MESSAGES.products.requirements.price)
  price!: number;

  @ApiPropertyOptional({ description: 'Whole KES; empty or 0 when not on sale', minimum: 0, nullable: true })
  @IsOptional()
  @WholeAmount(MESSAGES.products.requirements.price)
  salePrice?: number | null;

  @ApiProperty({
    minimum: 0,
    description:
      'Adding: the opening units. Editing: the units on hand, counted; what shoppers can buy is that less the units orders hold.',
  })
  @WholeAmount(MESSAGES.products.requirements.stock)
  totalStock!: number;

  @ApiPropertyOptional({ minimum: 0, description: 'Required to edit: the stockVersion the form was read at. Ignored when adding.' })
  @IsOptional()
  @IsInt({ message: MESSAGES.stock.staleForm })
  @Min(0, { message: MESSAGES.stock.staleForm })
  stockVersion?: number;

  @ApiPropertyOptional({ deprecated: true, description: 'Ignored: the average of the reviews' })
  @Allow()
  averageReview?: unknown;

  @ApiPropertyOptional({ type: [VariationInputDto] })
  @IsOptional()
  @IsArray({ message: MESSAGES.server.validationFailed })
  @ArrayMaxSize(LIMITS.variationsPerProductMax, { message: MESSAGES.products.tooManyVariations(LIMITS.variationsPerProductMax) })
  @ValidateNested({ each: true, message: MESSAGES.server.validationFailed })
  @Type(() => VariationInputDto)
  variations?: VariationInputDto[];
}
