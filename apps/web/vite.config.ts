import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const webPort = Number(process.env.WEB_PORT ?? 3000);
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;
// changeOrigin false keeps the browser's Host (localhost:3000), so the embedded identity provider
// builds its URLs for the address the browser actually uses.
const proxied = { target: apiTarget, changeOrigin: false };
// BLOTTER_PWA=0 builds the app without its service worker and its registration (the bench compares
// the first load with and without them: apps/server/bench/pwa.bench.ts).
const pwa = process.env.BLOTTER_PWA !== '0';

export default defineConfig({
  root: import.meta.dirname,
  define: { __BLOTTER_PWA__: JSON.stringify(pwa) },
  plugins: [
    react(),
    // The service worker (src/sw.ts, written with Workbox) built to /sw.js with the list of the files
    // to precache written into it. The manifest is our own public/manifest.webmanifest, linked from
    // index.html; the registration is ours too (lib/offline/register-service-worker.ts).
    pwa &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // A classic script: every browser with service workers runs it.
          rollupFormat: 'iife',
          // The shell: scripts, styles, fonts and icons. Not index.html (the server injects the
          // configuration into it: the worker keeps the served copy instead, sw/shell.ts), not the
          // .br/.gz copies (the browser gets the encoding it asked for), never source maps.
          globPatterns: ['**/*.{js,css,woff,woff2,ttf,svg,png,ico,webmanifest}'],
          globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'index.html'],
        },
      }),
    // Without the PWA, index.html links no manifest either: the build is the app as it was before.
    !pwa && {
      name: 'blotter-without-pwa',
      transformIndexHtml: (html: string) => html.replace(/\s*<link rel="(manifest|apple-touch-icon)"[^>]*>/g, ''),
    },
    // Writes name.br and name.gz next to every text file of the build, compressed once at the
    // highest levels; the server sends them as they are (@fastify/static preCompressed).
    // index.html is left out: the server injects the configuration into it and compresses the result.
    compression({
      include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/,
      exclude: /(^|\/)index\.html$/,
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: webPort,
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/oidc': proxied,
      '/auth-assets': proxied,
    },
  },
  preview: { port: webPort },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Warns when a chunk grows past what the first-load budget allows.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // Building a zod schema has no side effects: an unused one (such as the error schema next to
        // the error constants in @blotter/shared) must not pull zod into the first load.
        manualPureFunctions: ['z'],
      },
    },
  },
});
