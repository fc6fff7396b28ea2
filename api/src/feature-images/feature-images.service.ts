import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MESSAGES, type FeatureImage as FeatureImageView } from '@shop/contracts';
import { FeatureImage, inTransaction, markShopWindowChanged, Refusal } from '@shop/db';
import { toImageSet } from '../images/image-sets.js';
import { ImagesService } from '../images/images.service.js';

function toView(featureImage: FeatureImage, audience: 'admin' | 'shop'): FeatureImageView {
  return { id: featureImage.id, image: toImageSet(featureImage.image, audience) };
}

/** The home page carousel's pictures, in the order the admin added them. */
@Injectable()
export class FeatureImagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesService,
  ) {}

  /** In the carousel's order. */
  async list(audience: 'admin' | 'shop'): Promise<FeatureImageView[]> {
    const featureImages = await this.dataSource
      .getRepository(FeatureImage)
      .find({ relations: { image: true }, order: { position: 'ASC', id: 'ASC' } });
    return featureImages.map((featureImage) => toView(featureImage, audience));
  }

  add(imageUrl: string): Promise<FeatureImageView | Refusal> {
    return inTransaction(this.dataSource, async (manager) => {
      const images = await this.images.findUsable(manager, [imageUrl]);
      if (images instanceof Refusal) return images;
      const last = await manager
        .getRepository(FeatureImage)
        .createQueryBuilder('featureImage')
        .select('MAX(featureImage.position)', 'position')
        .getRawOne<{ position: number | null }>();
      const saved = await manager.save(
        manager.create(FeatureImage, { imageId: images.get(imageUrl)!.id, position: (last?.position ?? -1) + 1 }),
      );
      await markShopWindowChanged(manager);
      return toView(await manager.findOneOrFail(FeatureImage, { where: { id: saved.id }, relations: { image: true } }), 'admin');
    });
  }

  async remove(id: number): Promise<{ id: number } | Refusal> {
    const result = await this.dataSource.getRepository(FeatureImage).delete({ id });
    if (!result.affected) return new Refusal('FEATURE_IMAGE_NOT_FOUND', MESSAGES.featureImages.notFound);
    await markShopWindowChanged(this.dataSource.manager);
    return { id };
  }
}
