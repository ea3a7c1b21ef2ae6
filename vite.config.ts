// Builds the browser app into dist/; in development proxies /api to the API server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', chunkSizeWarningLimit: 4000 },
  worker: { format: 'es' },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8000}` },
  },
});
