import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineConfig({
  plugins: [react()],
  base: './',
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0') },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/adminApi': 'http://127.0.0.1:8080', '/studentApi': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
});
