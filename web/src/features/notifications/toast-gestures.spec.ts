import { LIMITS } from '@shop/contracts';
import { focusesToasts, swipeDismisses } from './toast-gestures';

describe('toast gestures', () => {
  it(`dismisses a toast dragged ${LIMITS.toastSwipeDismissPx} px sideways either way, not less`, () => {
    expect(swipeDismisses(200, 200 + LIMITS.toastSwipeDismissPx)).toBe(true);
    expect(swipeDismisses(200, 200 - LIMITS.toastSwipeDismissPx)).toBe(true);
    expect(swipeDismisses(200, 200 + LIMITS.toastSwipeDismissPx - 1)).toBe(false);
  });

  it('takes focus to the toast on F8 alone, leaving the browser its shortcuts with a modifier', () => {
    const press = { key: 'F8', altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
    expect(focusesToasts(press)).toBe(true);
    expect(focusesToasts({ ...press, ctrlKey: true })).toBe(false);
    expect(focusesToasts({ ...press, key: 'F7' })).toBe(false);
  });
});
