import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';

const API = process.env.TESSERA_API ?? 'http://localhost:3000';

/** The ffmpeg core's size: its download is usually brotli-encoded, so progress cannot go by Content-Length. */
const FFMPEG_WASM_BYTES = statSync(createRequire(import.meta.url).resolve('@ffmpeg/core/wasm')).size;

export default defineConfig({
  define: { __FFMPEG_WASM_BYTES__: String(FFMPEG_WASM_BYTES) },
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page loads with the entry, in one chunk: left to itself the bundler
          // splits them into a dozen small shared chunks (each a request with ~1 KB of headers),
          // and they change less often than the app (bench/wire). Options:
          // https://rolldown.rs/reference/outputoptions.advancedchunks
          groups: [{ name: 'vendor', test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query)|i18next|react-i18next|@trpc|better-auth|@better-fetch|better-call|nanostores|@nanostores|zustand)[\\/]/ }],
        },
      },
    },
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
