import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { MESSAGES, type ApiSuccess, type FeatureImage, type SessionUser } from '@shop/contracts';
import { AdminOnly, CallerIfSignedIn, Public } from '../access/access.decorators.js';
import { idPipe } from '../common/id-pipe.js';
import { orRefuse } from '../common/refusals.js';
import { FeatureImageInputDto } from './dto/feature-image-input.dto.js';
import { FeatureImagesService } from './feature-images.service.js';

/**
 * /api/common/feature: everyone reads the carousel, guests included, as it is the shop
 * window's first picture (decision: Guests may browse); only admins change it, and only they see why a picture failed.
 */
@Controller('common/feature')
export class FeatureImagesController {
  constructor(private readonly featureImages: FeatureImagesService) {}

  @Public()
  @Get('get')
  async list(@CallerIfSignedIn() caller: SessionUser | null): Promise<ApiSuccess<FeatureImage[]>> {
    return { success: true, data: await this.featureImages.list(caller?.role === 'admin' ? 'admin' : 'shop') };
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
