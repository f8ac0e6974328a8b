import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  base: '/',
  // The server build (dist-server/renderPublicPage.js, see src/prerender) needs no public files.
  publicDir: isSsrBuild ? false : 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The welcome route must stay small (goal: <= 120 KB gzip of JS); the learner area is split into lazy chunks.
    chunkSizeWarningLimit: 400,
    sourcemap: false,
  },
}));
