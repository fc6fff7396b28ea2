import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MESSAGES, type Review as ReviewView, type SessionUser } from '@shop/contracts';
import { inTransaction, markShopWindowChanged, Product, Refusal, Review } from '@shop/db';
import type { ReviewInputDto } from './dto/review-input.dto.js';

function toView(review: Review): ReviewView {
  return {
    id: review.id,
    productId: review.productId,
    userId: review.userId,
    userName: review.user.userName,
    reviewMessage: review.reviewMessage,
    reviewValue: review.reviewValue,
    createdAt: review.createdAt.toISOString(),
  };
}

const productNotFound = () => new Refusal('PRODUCT_NOT_FOUND', MESSAGES.products.notFound);

@Injectable()
export class ReviewsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forProduct(productId: number): Promise<ReviewView[] | Refusal> {
    if (!(await this.dataSource.getRepository(Product).existsBy({ id: productId }))) return productNotFound();
    const reviews = await this.dataSource
      .getRepository(Review)
      .find({ where: { productId }, relations: { user: true }, order: { createdAt: 'DESC', id: 'DESC' } });
    return reviews.map(toView);
  }

  /** One review per shopper and product; the product's average moves in the same transaction. */
  add(author: SessionUser, input: ReviewInputDto): Promise<ReviewView | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      // Reviews of one product queue on its row, so each average counts every review before it.
      const product = await manager.findOne(Product, { where: { id: input.productId }, lock: { mode: 'pessimistic_write' } });
      if (!product) return productNotFound();
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(Review)
        .values({ productId: product.id, userId: author.id, reviewMessage: input.reviewMessage, reviewValue: input.reviewValue })
        .orIgnore()
        .updateEntity(false)
        .execute();
      if ((inserted.raw as { affectedRows?: number }).affectedRows !== 1)
        return new Refusal('ALREADY_REVIEWED', MESSAGES.review.alreadyReviewed);
      await manager.query(
        'UPDATE `products` SET `averageReview` = (SELECT ROUND(AVG(`reviewValue`), 2) FROM `reviews` WHERE `productId` = ?) WHERE `id` = ?',
        [product.id, product.id],
      );
      await markShopWindowChanged(manager);
      const review = await manager.findOneOrFail(Review, {
        where: { productId: product.id, userId: author.id },
        relations: { user: true },
      });
      return toView(review);
    });
  }
}
