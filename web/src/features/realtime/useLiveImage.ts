import type { ImageSet } from '@shop/contracts';
import { useAppSelector } from '../../app/hooks';
import { withImageOutcome } from './image-outcome';

/** The image with its processing status as the image worker last reported it over the socket. */
export function useLiveImage(image: ImageSet): ImageSet {
  const outcome = useAppSelector((state) => state.realtime.processedImages[image.url]);
  return withImageOutcome(image, outcome);
}
