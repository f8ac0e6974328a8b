import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the platform under /admin/ (DESIGN.md 4), same origin as the API.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/xapi': 'http://127.0.0.1:8080' } },
});
