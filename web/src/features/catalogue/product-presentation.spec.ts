import { LIMITS, MESSAGES, type ImageSet } from '@shop/contracts';
import {
  descriptionPreview,
  featuredEndText,
  galleryImages,
  isOnSale,
  shownGalleryImage,
  starsOfAverage,
  stockBadge,
} from './product-presentation';

const image = (url: string): ImageSet => ({ url, status: 'ready', srcSet: [] });

describe('product presentation', () => {
  it("says 'Out Of Stock' at 0 and 'Only {n} items left' below the threshold, in the singular for one", () => {
    expect(stockBadge(0)).toEqual({ text: MESSAGES.catalogue.outOfStock, tone: 'error' });
    expect(stockBadge(1)?.text).toBe('Only 1 item left');
    expect(stockBadge(2)?.text).toBe('Only 2 items left');
    expect(stockBadge(LIMITS.lowStockThreshold - 1)?.text).toBe(`Only ${LIMITS.lowStockThreshold - 1} items left`);
    expect(stockBadge(LIMITS.lowStockThreshold)).toBeNull();
  });

  it('ends Feature Products by counting the toys, one toy included', () => {
    expect(featuredEndText(1)).toBe('That is our one toy.');
    expect(featuredEndText(37)).toBe('That is every toy: all 37 of them.');
  });

  it('is on sale only with a sale price above 0', () => {
    expect(isOnSale({ salePrice: 0 })).toBe(false);
    expect(isOnSale({ salePrice: 450 })).toBe(true);
  });

  it('rounds the average to half stars', () => {
    expect(starsOfAverage(3.3)).toBe(3.5);
    expect(starsOfAverage(3.2)).toBe(3);
    expect(starsOfAverage(0)).toBe(0);
  });

  it('cuts a description to its first 20 words', () => {
    const long = Array.from({ length: 25 }, (_, index) => `word${index + 1}`).join(' ');
    const preview = descriptionPreview(long);
    expect(preview.isShortened).toBe(true);
    expect(preview.text.split(' ')).toHaveLength(20);
    expect(preview.text.endsWith('word20…')).toBe(true);
    expect(descriptionPreview('  A small   wooden train.  ')).toEqual({ text: 'A small   wooden train.', isShortened: false });
  });

  it('lists the original first, then the variations with their labels', () => {
    const product = {
      title: 'Wooden train',
      image: image('/uploads/train.png'),
      variations: [{ id: 7, label: 'Red', image: image('/uploads/red.png') }],
    };
    const images = galleryImages(product);
    expect(images.map((candidate) => [candidate.key, candidate.variationLabel, candidate.alt])).toEqual([
      ['original', null, 'Wooden train'],
      ['7', 'Red', 'Wooden train, Red'],
    ]);
    expect(shownGalleryImage(images, null)?.key).toBe('original');
    expect(shownGalleryImage(images, '7')?.variationLabel).toBe('Red');
    expect(shownGalleryImage(images, '99')?.key).toBe('original');
    expect(shownGalleryImage([], null)).toBeNull();
  });
});
