import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { DataSource, In, type EntityManager } from 'typeorm';
import { IMAGE_MAX_INPUT_PIXELS, MESSAGES, type ImageSet } from '@shop/contracts';
import { IMAGE_STORAGE, ImageAsset, inTransaction, recordEvent, Refusal, type ImageStorage } from '@shop/db';
import { toImageSet } from './image-sets.js';

interface AcceptedFormat {
  extension: string;
  contentType: string;
  /** How the original is written again, in its own format: near-lossless, since the derivatives are made from it. */
  encode: (image: Sharp) => Sharp;
}

/** The formats the shop takes, as sharp names what it finds in the bytes, with the stored extension and type. */
const ACCEPTED_FORMATS: Record<string, AcceptedFormat> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg', encode: (image) => image.jpeg({ quality: 92 }) },
  png: { extension: 'png', contentType: 'image/png', encode: (image) => image.png() },
  webp: { extension: 'webp', contentType: 'image/webp', encode: (image) => image.webp({ quality: 92 }) },
};

const MEGAPIXEL = 1_000_000;

/** Uploads of product and feature images, and the look-up of an uploaded image by the address it was given. */
@Injectable()
export class ImagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
  ) {}

  /**
   * Keeps the original, without its metadata, under its content hash and asks the image worker for
   * the derivatives, in the transaction that records the image. The same bytes uploaded twice are one
   * image: sharp writes the same bytes for the same input.
   */
  async upload(uploaded: Buffer): Promise<ImageSet | Refusal> {
    const format = await this.formatOf(uploaded);
    if (format instanceof Refusal) return format;
    const bytes = await this.withoutMetadata(uploaded, format);
    if (bytes instanceof Refusal) return bytes;

    const storageKey = `originals/${createHash('sha256').update(bytes).digest('hex')}.${format.extension}`;
    await this.storage.put(storageKey, bytes);
    const asset = await inTransaction(this.dataSource, async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(ImageAsset)
        .values({
          storageKey,
          url: this.storage.urlOf(storageKey),
          contentType: format.contentType,
          bytes: bytes.length,
          status: 'pending',
          derivatives: [],
          failureReason: null,
        })
        // The same bytes again (even two uploads at once) find the first row: one image, one resize job.
        .orIgnore()
        .updateEntity(false)
        .execute();
      const stored = await manager.findOneByOrFail(ImageAsset, { storageKey });
      if ((inserted.raw as { affectedRows?: number }).affectedRows === 1)
        await recordEvent(manager, 'image.resize', { imageId: stored.id });
      return stored;
    });
    return toImageSet(asset, 'admin');
  }

  /**
   * The uploaded images behind the given addresses, for a product or feature image to use. An
   * address that is not an upload of this shop, or an image the worker could not read, is refused.
   */
  async findUsable(manager: EntityManager, urls: string[]): Promise<Map<string, ImageAsset> | Refusal> {
    const keys = urls.map((url) => this.storage.keyOf(url));
    if (keys.some((key) => key === undefined)) return new Refusal('IMAGE_NOT_UPLOADED', MESSAGES.products.imageNotUploaded);
    const uniqueKeys = [...new Set(keys as string[])];
    const assets = uniqueKeys.length > 0 ? await manager.findBy(ImageAsset, { storageKey: In(uniqueKeys) }) : [];
    if (assets.length !== uniqueKeys.length) return new Refusal('IMAGE_NOT_UPLOADED', MESSAGES.products.imageNotUploaded);
    if (assets.some((asset) => asset.status === 'failed')) return new Refusal('IMAGE_UNREADABLE', MESSAGES.products.imageFailed);
    return new Map(assets.map((asset) => [asset.url, asset]));
  }

  /**
   * The upload written again without EXIF, XMP or IPTC: a phone's photo carries where it was taken
   * (GPS), the phone and often the owner's name, and the original is served under /uploads to
   * anyone. Its EXIF orientation is applied to the pixels first, so it still shows upright. A file
   * that cannot be decoded whole (truncated, corrupt) is refused here rather than stored.
   */
  private async withoutMetadata(bytes: Buffer, format: AcceptedFormat): Promise<Buffer | Refusal> {
    try {
      return await format.encode(sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'truncated' }).rotate()).toBuffer();
    } catch {
      return new Refusal('IMAGE_UNREADABLE', MESSAGES.products.imageFailed);
    }
  }

  /** The format read from the bytes themselves (a name or a claimed type proves nothing). */
  private async formatOf(bytes: Buffer): Promise<AcceptedFormat | Refusal> {
    let metadata: Metadata;
    try {
      // Reads the header only: nothing is decoded, so a huge or broken image costs nothing here.
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      return new Refusal('IMAGE_TYPE_NOT_ALLOWED', MESSAGES.variation.imageTypeNotAllowed);
    }
    const format = metadata.format ? ACCEPTED_FORMATS[metadata.format] : undefined;
    if (!format) return new Refusal('IMAGE_TYPE_NOT_ALLOWED', MESSAGES.variation.imageTypeNotAllowed);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_MAX_INPUT_PIXELS) {
      return new Refusal('IMAGE_TOO_MANY_PIXELS', MESSAGES.variation.imageTooManyPixels(IMAGE_MAX_INPUT_PIXELS / MEGAPIXEL), {
        maxMegapixels: IMAGE_MAX_INPUT_PIXELS / MEGAPIXEL,
      });
    }
    return format;
  }
}
