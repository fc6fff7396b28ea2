import { LIMITS, MESSAGES } from '@shop/contracts';

/** The file facts the browser knows before anything is sent. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

const ALLOWED_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'];

/**
 * Why a chosen image cannot be uploaded, or null. The browser can only judge by the type it was
 * told (or the name, when the system gives no type); the server decides by the content.
 */
export function imageFileProblem(file: ChosenFile): string | null {
  const allowedType =
    file.type === ''
      ? ALLOWED_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension))
      : (LIMITS.allowedImageMimeTypes as readonly string[]).includes(file.type);
  if (!allowedType) return MESSAGES.variation.imageTypeNotAllowed;
  if (file.size >= LIMITS.maxImageBytes) return MESSAGES.variation.imageTooLarge;
  return null;
}

/** Labels compare as the shopper reads them: surrounding spaces and letter case do not make a new variation. */
export function sameVariationLabel(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export interface VariationProblems {
  label?: string;
  image?: string;
}

/** What stops a new variation from joining the list (docs/product.md, Admin); empty when nothing does. */
export function newVariationProblems(
  candidate: { label: string; hasImage: boolean },
  existing: readonly { label: string }[],
): VariationProblems {
  const problems: VariationProblems = {};
  const label = candidate.label.trim();
  if (label === '') problems.label = MESSAGES.variation.labelRequired;
  else if (label.length > LIMITS.variationLabelMaxLength) problems.label = MESSAGES.variation.labelTooLong;
  else if (existing.some((variation) => sameVariationLabel(variation.label, label))) problems.label = MESSAGES.variation.labelDuplicate;
  if (!candidate.hasImage) problems.image = MESSAGES.variation.imageRequired;
  return problems;
}

export function hasRoomForVariation(existing: readonly unknown[]): boolean {
  return existing.length < LIMITS.variationsPerProductMax;
}
