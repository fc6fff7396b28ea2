import type { ImageSet } from '@shop/contracts';
import type { ImageOutcome } from './realtime.slice';

/**
 * An image as the admin should see it now: a pending image takes the worker's verdict when the
 * socket has already brought it; anything else the server said stands.
 */
export function withImageOutcome(image: ImageSet, outcome: ImageOutcome | undefined): ImageSet {
  if (image.status !== 'pending' || !outcome) return image;
  return outcome.status === 'failed' ? { ...image, status: 'failed', failureReason: outcome.reason } : { ...image, status: 'ready' };
}
