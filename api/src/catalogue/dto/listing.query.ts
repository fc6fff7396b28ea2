import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, type ValidationArguments } from 'class-validator';
import {
  DEFAULT_SORT,
  MESSAGES,
  PRODUCT_FILTER_GROUPS,
  SORT_OPTION_IDS,
  type AvailabilityId,
  type CategoryId,
  type PriceBandId,
  type ProductFilterGroupId,
  type SortOption,
} from '@shop/contracts';
import { PageQueryDto } from './page.query.js';

/**
 * A filter group in the query string: a comma-joined list (docs/product.md, Catalogue), or the same parameter
 * repeated. Every value must be one of the group's options.
 */
function FilterGroup(groupId: ProductFilterGroupId): PropertyDecorator {
  const group = PRODUCT_FILTER_GROUPS.find((candidate) => candidate.id === groupId)!;
  const optionIds = group.options.map((option) => option.id as string);
  return applyDecorators(
    ApiPropertyOptional({ description: `Comma-joined ${group.label.toLowerCase()} filter`, example: optionIds.slice(0, 2).join(',') }),
    IsOptional(),
    Transform(({ value }) =>
      [value]
        .flat()
        .flatMap((part) => String(part).split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
    IsIn(optionIds, {
      each: true,
      message: ({ value }: ValidationArguments) =>
        MESSAGES.listing.unknownFilter(group.label.toLowerCase(), (value as string[]).find((part) => !optionIds.includes(part)) ?? ''),
    }),
  );
}

export class ListingQueryDto extends PageQueryDto {
  @FilterGroup('category')
  category?: CategoryId[];

  @FilterGroup('priceBand')
  priceBand?: PriceBandId[];

  @FilterGroup('availability')
  availability?: AvailabilityId[];

  @ApiPropertyOptional({ enum: SORT_OPTION_IDS, default: DEFAULT_SORT })
  @IsOptional()
  @IsIn(SORT_OPTION_IDS, { message: MESSAGES.listing.unknownSort })
  sortBy: SortOption = DEFAULT_SORT;
}
