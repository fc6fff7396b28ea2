import { Controller, Get, HttpStatus, Redirect, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../access/access.decorators.js';
import { orRefuse } from '../common/refusals.js';
import { UploadsService } from './uploads.service.js';

/**
 * A day: browsers skip the extra round trip for images they have seen, and a change of S3_PUBLIC_URL
 * (another CDN) reaches them within a day. Never permanent: the stored /uploads addresses must be
 * able to follow the bytes wherever they move.
 */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/** Uploads in a bucket with a public address (S3_PUBLIC_URL): browsers load them from there. */
@ApiExcludeController()
@Public()
@Controller('uploads')
export class UploadRedirectsController {
  constructor(private readonly uploads: UploadsService) {}

  @Get('{*path}')
  @Redirect(undefined, HttpStatus.FOUND)
  redirect(@Req() request: Request, @Res({ passthrough: true }) response: Response): { url: string } {
    const url = orRefuse(this.uploads.publicAddressOf(request.path));
    // Set here rather than by @Header, which would let a 404 be cached as long.
    response.setHeader('Cache-Control', REDIRECT_CACHE_CONTROL);
    return { url };
  }
}
