import { theme } from 'antd';
import { useRef, useState, type PointerEvent } from 'react';
import { swipeDismisses, TOAST_ATTRIBUTE } from './toast-gestures';

/**
 * A toast's words: focusable for the keyboard (F8 brings focus here), and dismissed by a sideways
 * swipe on a touch screen.
 */
export function ToastText({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  const { token } = theme.useToken();
  // Drawn by hand: antd's message has no focus style, and a keyboard user must see where F8 went.
  const [isFocused, setFocused] = useState(false);
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
      style={{
        touchAction: 'pan-y',
        borderRadius: token.borderRadiusSM,
        outline: isFocused ? `${token.lineWidthFocus}px solid ${token.colorPrimaryBorder}` : undefined,
        outlineOffset: token.lineWidthFocus,
      }}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {text}
    </span>
  );
}
