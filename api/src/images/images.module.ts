import { Module } from '@nestjs/common';
import { ImageUploadController } from './image-upload.controller.js';
import { ImagesService } from './images.service.js';

@Module({
  controllers: [ImageUploadController],
  providers: [ImagesService],
  exports: [ImagesService],
})
export class ImagesModule {}
