import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';

const API = process.env.TESSERA_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // ffmpeg.wasm starts its worker with `new URL('./worker.js', import.meta.url)`: pre-bundling
  // would move the module away from its worker file (dev server only; builds are unaffected).
  optimizeDeps: { exclude: ['@ffmpeg/ffmpeg'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle reads it to size each route.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    // `npm run dev`: the API, auth and sockets live on the Fastify server.
    proxy: {
      '/api': { target: API, changeOrigin: false },
      '/socket.io': { target: API, ws: true },
      '/collab': { target: API, ws: true },
      // The dev mailbox (verification codes when no SMTP server is configured).
      '/dev/mailbox': { target: API, changeOrigin: false },
    },
  },
});
