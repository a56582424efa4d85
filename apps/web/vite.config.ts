import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const webPort = Number(process.env.WEB_PORT ?? 3000);
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;
// changeOrigin false keeps the browser's Host (localhost:3000), so the embedded identity provider
// builds its URLs for the address the browser actually uses.
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
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
