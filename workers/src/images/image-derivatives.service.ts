import { basename, extname } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import sharp, { type Sharp } from 'sharp';
import { DataSource } from 'typeorm';
import { IMAGE_DERIVATIVE_SIZES, IMAGE_MAX_INPUT_PIXELS, type ImageDerivativeSize } from '@shop/contracts';
import { IMAGE_STORAGE, ImageAsset, markShopWindowChanged, type ImageDerivative, type ImageStorage } from '@shop/db';

const FORMATS = {
  webp: { extension: 'webp', encode: (image: Sharp) => image.webp({ quality: 80 }) },
  jpeg: { extension: 'jpg', encode: (image: Sharp) => image.jpeg({ quality: 82, mozjpeg: true }) },
} as const;

interface RenderedDerivative extends ImageDerivative {
  key: string;
  bytes: Buffer;
}

export type DerivativesOutcome =
  | { status: 'ready'; asset: ImageAsset }
  | { status: 'already-ready'; asset: ImageAsset }
  | { status: 'failed'; asset: ImageAsset; reason: string };

/** Turns an uploaded original into thumbnail, card and detail sizes, in WebP and JPEG. */
@Injectable()
export class ImageDerivativesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
  ) {}

  async make(imageId: number): Promise<DerivativesOutcome> {
    const images = this.dataSource.getRepository(ImageAsset);
    const asset = await images.findOneByOrFail({ id: imageId });
    if (asset.status === 'ready') return { status: 'already-ready', asset };

    let rendered: RenderedDerivative[];
    // A render failure (corrupt, truncated, too many pixels, original gone) will not mend itself on retry.
    try {
      rendered = await this.render(asset.storageKey);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await images.update(asset.id, { status: 'failed', failureReason: reason.slice(0, 500) });
      await markShopWindowChanged(this.dataSource.manager);
      return { status: 'failed', asset: { ...asset, status: 'failed', failureReason: reason }, reason };
    }

    // Keys depend only on the original and the size, so a retried job rewrites the same files.
    for (const derivative of rendered) await this.storage.put(derivative.key, derivative.bytes);
    const derivatives = rendered.map(({ size, format, width, height, url }) => ({ size, format, width, height, url }));
    await images.update(asset.id, { status: 'ready', derivatives, failureReason: null });
    // Pages drawn before showed the original or a placeholder: a guest's next page has the sizes.
    await markShopWindowChanged(this.dataSource.manager);
    return { status: 'ready', asset: { ...asset, status: 'ready', derivatives, failureReason: null } };
  }

  private async render(originalKey: string): Promise<RenderedDerivative[]> {
    const original = await this.storage.get(originalKey).catch(() => {
      throw new Error(`the original ${originalKey} is missing from storage`);
    });
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF (and GPS) is dropped.
    const source = sharp(original, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate();
    const stem = basename(originalKey, extname(originalKey));
    const rendered: RenderedDerivative[] = [];
    for (const [size, longestSide] of Object.entries(IMAGE_DERIVATIVE_SIZES) as [ImageDerivativeSize, number][]) {
      const resized = source.clone().resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true });
      for (const [format, { extension, encode }] of Object.entries(FORMATS) as [
        ImageDerivative['format'],
        (typeof FORMATS)[keyof typeof FORMATS],
      ][]) {
        const { data, info } = await encode(resized.clone()).toBuffer({ resolveWithObject: true });
        const key = `derivatives/${stem}/${size}.${extension}`;
        rendered.push({ size, format, width: info.width, height: info.height, key, url: this.storage.urlOf(key), bytes: data });
      }
    }
    return rendered;
  }
}
