import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { FeatureImagesController } from './feature-images.controller.js';
import { FeatureImagesService } from './feature-images.service.js';

@Module({
  imports: [ImagesModule],
  controllers: [FeatureImagesController],
  providers: [FeatureImagesService],
  exports: [FeatureImagesService],
})
export class FeatureImagesModule {}
