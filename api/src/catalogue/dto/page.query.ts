import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LISTING_PAGE, MESSAGES } from '@shop/contracts';

/** Which page of a result, and how long a page is. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MESSAGES.listing.pageOutOfRange })
  @Min(1, { message: MESSAGES.listing.pageOutOfRange })
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: LISTING_PAGE.maxSize, default: LISTING_PAGE.defaultSize })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MESSAGES.listing.pageSizeOutOfRange(LISTING_PAGE.maxSize) })
  @Min(1, { message: MESSAGES.listing.pageSizeOutOfRange(LISTING_PAGE.maxSize) })
  @Max(LISTING_PAGE.maxSize, { message: MESSAGES.listing.pageSizeOutOfRange(LISTING_PAGE.maxSize) })
  pageSize: number = LISTING_PAGE.defaultSize;
}
