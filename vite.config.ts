import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client lives in web/; its build goes to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'web/src'),
      '@common': path.resolve(import.meta.dirname, 'common'),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: tests/e2e/bundle-budget.spec.ts reads each lazy route's chunk from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and the router load on every page and change rarely: one chunk that
          // stays cached across releases. Everything else is split where it is used (Radix, forms,
          // date-fns land in the chunks of the routes that import them).
          groups: [{ name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
