import { Controller, HttpCode, HttpStatus, Post, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES, type UploadImageAnswer } from '@shop/contracts';
import { orRefuse, refuse } from '../common/refusals.js';
import { ImageUploadInterceptor } from './image-upload.interceptor.js';
import { ImagesService } from './images.service.js';

@Controller('admin/products')
export class ImageUploadController {
  constructor(private readonly images: ImagesService) {}

  /** Answers as soon as the original is stored; the derivatives follow from the image worker. */
  @Post('upload-image')
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(ImageUploadInterceptor)
  async upload(@Req() request: Request): Promise<UploadImageAnswer> {
    if (!request.file) refuse('IMAGE_REQUIRED', MESSAGES.variation.imageRequired);
    const image = orRefuse(await this.images.upload(request.file.buffer));
    return { success: true, result: { url: image.url, status: image.status } };
  }
}
