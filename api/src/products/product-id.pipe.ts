import { MESSAGES } from '@shop/contracts';
import { idPipe } from '../common/id-pipe.js';

/** 'Invalid product ID' (spec §5) for anything but a whole number, or no id at all. */
export const ProductIdPipe = idPipe(MESSAGES.products.invalidId);
