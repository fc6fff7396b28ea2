import { Controller, Get, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { STORED_IMAGE_CACHE_CONTROL } from '@shop/db';
import { Public } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
import { UploadsService } from './uploads.service.js';

/** Uploads in a private bucket: the api streams them, with the caching a file on disk would get. */
@ApiExcludeController()
@Public()
@Controller('uploads')
export class UploadsProxyController {
  constructor(private readonly uploads: UploadsService) {}

  @Get('{*path}')
  async stream(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    const image = orRefuse(await this.uploads.open(request.path));
    // Set here rather than by @Header, which would give a 404 the year's caching too.
    response.setHeader('Cache-Control', STORED_IMAGE_CACHE_CONTROL);
    if (image.etag) response.setHeader('ETag', image.etag);
    if (image.lastModified) response.setHeader('Last-Modified', image.lastModified.toUTCString());
    return new StreamableFile(image.body, { type: image.contentType, length: image.contentLength });
  }
}
