import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webPort = Number(process.env.WEB_PORT ?? 3000);
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;
// changeOrigin false keeps the browser's Host (localhost:3000), so the embedded identity provider
// builds its URLs for the address the browser actually uses.
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
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
