import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../features/notifications/Toaster';
import { createAppRouter } from './router';
import type { AppStore } from './store';
import { useShopTheme } from './theme';

export function App({ store }: { store: AppStore }) {
  const [router] = useState(() => createAppRouter(store));
  const theme = useShopTheme();
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <Toaster />
        <RouterProvider router={router} />
      </ConfigProvider>
    </Provider>
  );
}
