import { MESSAGES } from '@shop/contracts';
import { idPipe } from '../common/id-pipe.js';

/** 'Invalid product ID' (MESSAGES.products.invalidId) for anything but a whole number, or no id at all. */
export const ProductIdPipe = idPipe(MESSAGES.products.invalidId);
