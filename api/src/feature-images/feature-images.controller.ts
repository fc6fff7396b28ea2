import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { MESSAGES, type ApiSuccess, type FeatureImage, type SessionUser } from '@shop/contracts';
import { AdminOnly, CurrentUser } from '../access/access.decorators.js';
import { orRefuse } from '../common/business-failure.js';
import { idPipe } from '../common/id-pipe.js';
import { FeatureImageInputDto } from './dto/feature-image-input.dto.js';
import { FeatureImagesService } from './feature-images.service.js';

/** Spec §7 /api/common/feature: every signed-in user reads the carousel; only admins change it. */
@Controller('common/feature')
export class FeatureImagesController {
  constructor(private readonly featureImages: FeatureImagesService) {}

  @Get('get')
  async list(@CurrentUser() caller: SessionUser): Promise<ApiSuccess<FeatureImage[]>> {
    return { success: true, data: await this.featureImages.list(caller.role === 'admin' ? 'admin' : 'shop') };
  }

  @AdminOnly()
  @Post('add')
  async add(@Body() input: FeatureImageInputDto): Promise<ApiSuccess<FeatureImage>> {
    return { success: true, message: MESSAGES.featureImages.added, data: orRefuse(await this.featureImages.add(input.image)) };
  }

  @AdminOnly()
  @Delete('delete/:id')
  async remove(@Param('id', idPipe(MESSAGES.featureImages.notFound)) id: number): Promise<ApiSuccess<{ id: number }>> {
    return { success: true, message: MESSAGES.featureImages.deleted, data: orRefuse(await this.featureImages.remove(id)) };
  }
}
