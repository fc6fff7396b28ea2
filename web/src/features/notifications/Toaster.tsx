import { message } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from './notifications.slice';
import { TOAST_CONFIG } from './toast-config';

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
      const content = toast.detail ? `${toast.text}: ${toast.detail}` : toast.text;
      void messages.open({ type: toast.kind, content, key: toast.id });
      dispatch(toastShown(toast.id));
    }
  }, [pending, messages, dispatch]);

  return messagesHolder;
}
