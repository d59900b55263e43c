import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :8080 (npm run dev); the production build is served by it.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/dicomweb': 'http://localhost:8080' },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
});
