import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server and `vite preview` forward the api's paths so that the session cookie stays first-party.
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@shop/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiUrl, xfwd: true },
      '/uploads': { target: apiUrl },
      '/socket.io': { target: apiUrl, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the shop's code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|redux-saga|@redux-saga|react-redux|immer|reselect)[\\/]/, priority: 20 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs|@babel[\\/]runtime)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
