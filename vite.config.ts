import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside every text asset, so the server sends them compressed without
 * compressing per request (@fastify/static `preCompressed`). Highest levels: this runs once per
 * build, and the files are what a phone downloads.
 */
function precompress(): Plugin {
  return {
    name: 'waymark:precompress',
    // The server-rendering build (dist/ssr) is read from disk by the server, never sent.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file) && !file.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(options.dir ?? '', file);
          const data = await readFile(full);
          if (data.length < 1024) return;
          await writeFile(`${full}.gz`, gzipSync(data, { level: 9 }));
          await writeFile(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }),
      );
    },
  };
}

// The client lives in web/; its build goes to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), precompress()],
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
          // Few, cacheable chunks rather than dozens of tiny ones: a phone on HTTP/1.1 opens six
          // connections per host, so every extra request on the first load can cost a round trip.
          groups: [
            // On every page, rarely changed: stays cached across releases.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // Also needed by nearly every page, sign-in included (queries, forms, toasts, icons).
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|class-variance-authority|react-hook-form|sonner|lucide-react|@radix-ui[\\/]react-(slot|compose-refs|primitive|label))[\\/]/,
              priority: 2,
            },
            // The app's small shared code: the API client, texts and limits, the base UI pieces.
            // Schemas stay out (they bring zod), and so do components built on heavier Radix parts.
            {
              name: 'app-core',
              test: /web[\\/]src[\\/](lib[\\/]|components[\\/]ui[\\/](button|input|label|field|card|spinner|skeleton|badge|textarea)\.tsx|components[\\/]layout[\\/])|common[\\/](texts|limits|lists[\\/])/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
