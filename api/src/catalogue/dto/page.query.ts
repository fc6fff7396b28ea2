import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LISTING_PAGE, MESSAGES } from '@shop/contracts';
import { DecimalQueryNumber } from '../../common/field-decorators.js';

/** Which page of a result, and how long a page is. */
export class PageQueryDto {
  // The rule written last is checked first and speaks first: a page that is no number hears that, not "at most".
  @ApiPropertyOptional({ minimum: 1, maximum: LISTING_PAGE.maxPage, default: 1 })
  @IsOptional()
  @DecimalQueryNumber()
  @Max(LISTING_PAGE.maxPage, { message: MESSAGES.listing.pageTooLarge(LISTING_PAGE.maxPage) })
  @Min(1, { message: MESSAGES.listing.pageOutOfRange })
  @IsInt({ message: MESSAGES.listing.pageOutOfRange })
  page: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: LISTING_PAGE.maxSize, default: LISTING_PAGE.defaultSize })
  @IsOptional()
  @DecimalQueryNumber()
  @IsInt({ message: MESSAGES.listing.pageSizeOutOfRange(LISTING_PAGE.maxSize) })
  @Min(1, { message: MESSAGES.listing.pageSizeOutOfRange(LISTING_PAGE.maxSize) })
  @Max(LISTING_PAGE.maxSize, { message: MESSAGES.listing.pageSizeOutOfRange(LISTING_PAGE.maxSize) })
  pageSize: number = LISTING_PAGE.defaultSize;
}
