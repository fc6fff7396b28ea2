import { LIMITS } from '@shop/contracts';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../features/notifications/Toaster';
import { createAppRouter } from './router';
import type { AppStore } from './store';
import { useShopTheme } from './theme';

// One toast at a time, five seconds each (spec §4 notifications).
const toastConfig = { maxCount: LIMITS.toastMaxVisible, duration: LIMITS.toastDurationMs / 1000 };

export function App({ store }: { store: AppStore }) {
  const [router] = useState(createAppRouter);
  const theme = useShopTheme();
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <AntdApp message={toastConfig} notification={toastConfig}>
          <Toaster />
          <RouterProvider router={router} />
        </AntdApp>
      </ConfigProvider>
    </Provider>
  );
}
