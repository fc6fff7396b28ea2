import { LIMITS, MESSAGES } from '@shop/contracts';
import { hasRoomForVariation, imageFileProblem, newVariationProblems } from './variation-rules';

describe('choosing an image to upload', () => {
  it('accepts JPG, PNG and WEBP under 5MB', () => {
    expect(imageFileProblem({ name: 'lion.jpg', type: 'image/jpeg', size: 1024 })).toBeNull();
    expect(imageFileProblem({ name: 'lion.png', type: 'image/png', size: LIMITS.maxImageBytes - 1 })).toBeNull();
    expect(imageFileProblem({ name: 'lion.webp', type: 'image/webp', size: 1 })).toBeNull();
  });

  it('refuses other types, judging by the name when the system gives no type', () => {
    expect(imageFileProblem({ name: 'lion.gif', type: 'image/gif', size: 10 })).toBe(MESSAGES.variation.imageTypeNotAllowed);
    expect(imageFileProblem({ name: 'notes.txt', type: '', size: 10 })).toBe(MESSAGES.variation.imageTypeNotAllowed);
    expect(imageFileProblem({ name: 'LION.JPEG', type: '', size: 10 })).toBeNull();
  });

  it('refuses an image of 5MB or more', () => {
    expect(imageFileProblem({ name: 'lion.jpg', type: 'image/jpeg', size: LIMITS.maxImageBytes })).toBe(MESSAGES.variation.imageTooLarge);
  });
});

describe('adding a variation', () => {
  const existing = [{ label: 'Red' }, { label: 'Large box' }];

  it('needs a label and an image', () => {
    expect(newVariationProblems({ label: '   ', hasImage: false }, existing)).toEqual({
      label: MESSAGES.variation.labelRequired,
      image: MESSAGES.variation.imageRequired,
    });
    expect(newVariationProblems({ label: 'Blue', hasImage: true }, existing)).toEqual({});
  });

  it('refuses a label longer than 100 characters', () => {
    expect(newVariationProblems({ label: 'x'.repeat(LIMITS.variationLabelMaxLength), hasImage: true }, existing)).toEqual({});
    expect(newVariationProblems({ label: 'x'.repeat(LIMITS.variationLabelMaxLength + 1), hasImage: true }, existing).label).toBe(
      MESSAGES.variation.labelTooLong,
    );
  });

  it('refuses a label that differs from an existing one only by case or surrounding spaces', () => {
    expect(newVariationProblems({ label: '  red ', hasImage: true }, existing).label).toBe(MESSAGES.variation.labelDuplicate);
    expect(newVariationProblems({ label: 'LARGE BOX', hasImage: true }, existing).label).toBe(MESSAGES.variation.labelDuplicate);
  });

  it('stops at the most variations a product may have', () => {
    expect(hasRoomForVariation(new Array(LIMITS.variationsPerProductMax - 1).fill(null))).toBe(true);
    expect(hasRoomForVariation(new Array(LIMITS.variationsPerProductMax).fill(null))).toBe(false);
  });
});
