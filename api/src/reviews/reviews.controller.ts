import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { MESSAGES, type ApiSuccess, type Review, type SessionUser } from '@shop/contracts';
import { CurrentUser, Public } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
import { ProductIdPipe } from '../products/product-id.pipe.js';
import { ReviewInputDto } from './dto/review-input.dto.js';
import { ReviewsService } from './reviews.service.js';

/** Reviews: anyone may read them; a signed-in shopper writes one per product. */
@Controller('shop/review')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Post('add')
  async add(@CurrentUser() author: SessionUser, @Body() input: ReviewInputDto): Promise<ApiSuccess<Review>> {
    return { success: true, message: MESSAGES.review.added, data: orRefuse(await this.reviews.add(author, input)) };
  }

  @Public()
  @Get(':productId')
  async forProduct(@Param('productId', ProductIdPipe) productId: number): Promise<ApiSuccess<Review[]>> {
    return { success: true, data: orRefuse(await this.reviews.forProduct(productId)) };
  }
}
