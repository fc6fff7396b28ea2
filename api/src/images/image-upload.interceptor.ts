import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { LIMITS, MESSAGES, UPLOAD_FIELD } from '@shop/contracts';
import { Refusal } from '@shop/db';
import { RefusalException } from '../common/refusals.js';

/** "Less than 5MB" (docs/product.md, Admin): a file of exactly 5 MB is already too large. */
const readImage = multer({ storage: multer.memoryStorage(), limits: { fileSize: LIMITS.maxImageBytes - 1, files: 1, fields: 10 } }).single(
  UPLOAD_FIELD,
);

/**
 * Whatever stops the body being read is the sender's: busboy's own errors ("Boundary not found",
 * "Unexpected end of form") are not MulterErrors, and answer as a missing image does.
 */
function refusalOf(error: unknown): RefusalException {
  // Multer stops reading at the limit, so a 6 MB upload is refused without being held in memory.
  if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
    return new RefusalException(new Refusal('IMAGE_TOO_LARGE', MESSAGES.variation.imageTooLarge));
  return new RefusalException(new Refusal('IMAGE_REQUIRED', MESSAGES.variation.imageRequired));
}

/** Reads the one image of an upload (multipart field `my_file`) into memory, refusing in the catalogue's words. */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      readImage(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) =>
        error ? reject(refusalOf(error)) : resolve(),
      ),
    );
    return next.handle();
  }
}
