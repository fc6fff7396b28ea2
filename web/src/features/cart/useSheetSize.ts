import { useScreens } from '../../app/useScreens';

/** Wide enough for a cart line's picture, title, stepper and price side by side. */
const SHEET_WIDTH_PX = 420;

/** The width of the header's right-side sheets: the whole screen on phones. */
export function useSheetSize(): number | string {
  return useScreens().sm === true ? SHEET_WIDTH_PX : '100%';
}
