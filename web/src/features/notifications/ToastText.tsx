import { useRef, type PointerEvent } from 'react';
import { swipeDismisses, TOAST_ATTRIBUTE } from './toast-gestures';

/**
 * A toast's words: focusable for the keyboard (F8 brings focus here), and dismissed by a sideways
 * swipe on a touch screen.
 */
export function ToastText({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  const touchStartX = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'touch') touchStartX.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (touchStartX.current === null || !swipeDismisses(touchStartX.current, event.clientX)) return;
    touchStartX.current = null;
    onDismiss();
  };
  const onPointerEnd = () => {
    touchStartX.current = null;
  };
  return (
    <span
      {...{ [TOAST_ATTRIBUTE]: '' }}
      tabIndex={-1}
      style={{ touchAction: 'pan-y' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {text}
    </span>
  );
}
