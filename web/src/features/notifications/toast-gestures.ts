import { LIMITS } from '@shop/contracts';

/** Whether a touch dragged from `startX` to `endX` (pixels across the screen) dismisses a toast. */
export function swipeDismisses(startX: number, endX: number): boolean {
  return Math.abs(endX - startX) >= LIMITS.toastSwipeDismissPx;
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

/** Whether a key press takes focus to the toast: the key alone, so that the browser's own shortcuts with it stay theirs. */
export function focusesToasts(press: KeyPress): boolean {
  return press.key === LIMITS.toastFocusKey && !press.altKey && !press.ctrlKey && !press.metaKey && !press.shiftKey;
}

/** Marks the element each toast's text is in: F8 looks for the newest one. */
export const TOAST_ATTRIBUTE = 'data-toast';
