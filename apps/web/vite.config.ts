// Vite build of the console. In development the API, media and the live channels are proxied to the
// Fastify server (which, in production, serves this build itself).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server the dev server and `vite preview` forward to; HC_API_TARGET overrides it (e.g. a second
// local server on another port). Build-tool configuration, not app configuration.
const target = process.env.HC_API_TARGET ?? 'http://127.0.0.1:3000';

const proxy = {
  '/api': { target, changeOrigin: true },
  '/media': { target, changeOrigin: true },
  '/files': { target, changeOrigin: true },
  '/socket.io': { target, changeOrigin: true, ws: true },
  '/collab': { target, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
});
