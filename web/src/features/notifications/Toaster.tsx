import { message } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from './notifications.slice';
import { TOAST_CONFIG } from './toast-config';
import { focusesToasts, TOAST_ATTRIBUTE } from './toast-gestures';
import { ToastText } from './ToastText';

/**
 * Shows the toasts sagas ask for through antd's message. Its own hook rather than antd's App, which
 * would bring the modal and notification code into every shopper's first download.
 */
export function Toaster() {
  const pending = useAppSelector((state) => state.notifications.pending);
  const dispatch = useAppDispatch();
  const [messages, messagesHolder] = message.useMessage(TOAST_CONFIG);

  useEffect(() => {
    for (const toast of pending) {
      const text = toast.detail ? `${toast.text}: ${toast.detail}` : toast.text;
      void messages.open({
        type: toast.kind,
        content: <ToastText text={text} onDismiss={() => messages.destroy(toast.id)} />,
        key: toast.id,
      });
      dispatch(toastShown(toast.id));
    }
  }, [pending, messages, dispatch]);

  useEffect(() => {
    const focusNewestToast = (event: KeyboardEvent) => {
      if (!focusesToasts(event)) return;
      const toasts = document.querySelectorAll<HTMLElement>(`[${TOAST_ATTRIBUTE}]`);
      if (toasts.length === 0) return;
      event.preventDefault();
      toasts[toasts.length - 1].focus();
    };
    document.addEventListener('keydown', focusNewestToast);
    return () => document.removeEventListener('keydown', focusNewestToast);
  }, []);

  return messagesHolder;
}
