import { App } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from './notifications.slice';

/** Shows the toasts sagas ask for, through antd's message (one at a time, 5 s: see App.tsx). */
export function Toaster() {
  const pending = useAppSelector((state) => state.notifications.pending);
  const dispatch = useAppDispatch();
  const { message } = App.useApp();

  useEffect(() => {
    for (const toast of pending) {
      const content = toast.detail ? `${toast.text}: ${toast.detail}` : toast.text;
      void message.open({ type: toast.kind, content, key: toast.id });
      dispatch(toastShown(toast.id));
    }
  }, [pending, message, dispatch]);

  return null;
}
