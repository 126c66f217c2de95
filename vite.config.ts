import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { type Plugin, type Rolldown, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OFFLINE_SHELL_PATH, PAGE_ASSETS_FILE, PAGE_PLACEHOLDERS, type PageAssets } from './common/first-paint';

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
      // index.html is the page template: the server fills it and compresses the result.
      const files = Object.keys(bundle).filter(
        (file) => /\.(js|css|html|svg|json)$/.test(file) && !file.startsWith('.vite/') && file !== 'index.html',
      );
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

/** web/index.html's opening tag: the theme attribute goes in it (ADR 052). */
const HTML_OPEN = '<html lang="en">';

/** web/index.html's viewport tag: the hero photo's preload goes right after it (ADR 022). */
const VIEWPORT_META = '<meta name="viewport" content="width=device-width, initial-scale=1.0" />';

/** The chunks `chunk` imports statically, transitively, in the order Vite names them in the HTML. */
function importedChunks(
  chunk: Rolldown.OutputChunk,
  bundle: Rolldown.OutputBundle,
  seen = new Set<string>(),
): Rolldown.OutputChunk[] {
  return chunk.imports.flatMap((file) => {
    const imported = bundle[file];
    if (imported?.type !== 'chunk' || seen.has(file)) return [];
    seen.add(file);
    return [...importedChunks(imported, bundle, seen), imported];
  });
}

/**
 * The built index.html as the page template the server fills (issue 20, ADR 039), and the
 * assets that Vite put in it. Vite's own tags for the entry, its chunks and its stylesheet come
 * out (the server writes them back for a page the browser draws, or defers them for a drawn
 * one), and the placeholders of PAGE_PLACEHOLDERS go in. A tag that is not where Vite writes
 * it fails the build rather than leaving a template the server would fill wrongly.
 */
export function toPageTemplate(
  html: string,
  entry: Rolldown.OutputChunk,
  bundle: Rolldown.OutputBundle,
): { template: string; assets: PageAssets } {
  const chunks = importedChunks(entry, bundle);
  const stylesheets = [...new Set([entry, ...chunks].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
  const assets: PageAssets = {
    entry: `/${entry.fileName}`,
    modules: chunks.map((chunk) => `/${chunk.fileName}`),
    stylesheets: stylesheets.map((file) => `/${file}`),
  };
  const viteTags = [
    `<script type="module" crossorigin src="${assets.entry}"></script>`,
    ...assets.modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ];
  const { theme, hero, head, html: root, body } = PAGE_PLACEHOLDERS;
  let template = html;
  const at = (text: string) => {
    const index = template.indexOf(text);
    if (index < 0) throw new Error(`page template: ${text} is not in the built index.html`);
    return index;
  };
  for (const tag of viteTags) {
    // Vite writes each tag on a line of its own: the line goes with it.
    const index = at(tag);
    const lineStart = template.lastIndexOf('\n', index);
    const isAlone = lineStart >= 0 && template.slice(lineStart + 1, index).trim() === '';
    template = template.slice(0, isAlone ? lineStart : index) + template.slice(index + tag.length);
  }
  const edits: [string, string][] = [
    // A placeholder inside the tag: the server always replaces it, with an attribute or nothing.
    [HTML_OPEN, `${HTML_OPEN.slice(0, -1)}${theme}>`],
    [VIEWPORT_META, `${VIEWPORT_META}${hero}`],
    ['</head>', `${head}</head>`],
    ['<div id="root"></div>', `<div id="root">${root}</div>${body}`],
  ];
  for (const [from, to] of edits) {
    const index = at(from);
    template = template.slice(0, index) + to + template.slice(index + from.length);
  }
  return { template, assets };
}

/**
 * Writes `.vite/chunk-sources.json`: each JavaScript file's source modules, relative to the
 * project. The manifest names only a chunk's own entry (`src`); the bundle budget
 * (tests/e2e/bundle-budget.spec.ts) checks every module a visitor's page fetches (issue 38).
 */
function chunkSources(): Plugin {
  return {
    name: 'waymark:chunk-sources',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const root = import.meta.dirname + path.sep;
      const sources = Object.fromEntries(
        Object.values(bundle).flatMap((chunk) =>
          chunk.type === 'chunk' ? [[chunk.fileName, chunk.moduleIds.map((id) => id.replace(root, ''))]] : [],
        ),
      );
      await writeFile(path.join(options.dir ?? '', '.vite/chunk-sources.json'), JSON.stringify(sources));
    },
  };
}

/** Writes the page template over the built index.html, and its assets beside it (PAGE_ASSETS_FILE). */
function pageTemplate(): Plugin {
  let assets: PageAssets | undefined;
  return {
    name: 'waymark:page-template',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      // After Vite has written its tags in.
      order: 'post',
      handler(html, { chunk, bundle }) {
        if (!chunk || !bundle) throw new Error('page template: no entry chunk for index.html');
        const page = toPageTemplate(html, chunk, bundle);
        assets = page.assets;
        return page.template;
      },
    },
    async writeBundle(options) {
      if (!assets) throw new Error('page template: index.html was not built');
      await writeFile(path.join(options.dir ?? '', PAGE_ASSETS_FILE), JSON.stringify(assets));
    },
  };
}

/**
 * The web app manifest and the service worker (issue 23, ADR 070): our own worker
 * (web/src/sw/sw.ts) with Workbox's precache list injected, built to /sw.js. The page registers
 * it itself after load (web/src/lib/register-service-worker.ts), so nothing is added to the entry.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    // web/index.html links the manifest and the icons itself.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Waymark',
      short_name: 'Waymark',
      description: 'An invitation-only community for travelers: tips, multi-day guides, and your saved trips offline.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The page's background and header colours in the light theme (web/src/index.css).
      background_color: '#fbfaf6',
      theme_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The hashed scripts and styles (an open tab of an older version keeps loading its chunks
      // from here after a deploy), the icons; not the page template, the compressed copies or the
      // build's own records.
      globPatterns: ['assets/**/*.{js,css,woff2}', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'index.html'],
      // Workbox asks before precaching anything over 2 MB; nothing of ours comes near.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // The offline shell's HTML follows from the scripts and styles: revised with them.
      manifestTransforms: [
        (entries) => {
          const revision = createHash('sha256')
            .update(entries.map((entry) => `${entry.url} ${entry.revision ?? ''}`).join('\n'))
            .digest('hex')
            .slice(0, 16);
          return { manifest: [...entries, { url: OFFLINE_SHELL_PATH, revision, size: 0 }] };
        },
      ],
    },
  });
}

// The client lives in web/; its build goes to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), pageTemplate(), chunkSources(), precompress(), serviceWorker()],
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
            // Also needed by every page, sign-in included (queries, class names, Slot, Label). Not
            // the icons (first-load has the sign-in page's), nor the forms' and the toasts'
            // libraries: the sign-in page loads them only when they are used (issue 38).
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs|primitive|label))[\\/]/,
              priority: 2,
            },
            // What the sign-in page runs, in one chunk (issue 38): the app's modules that the entry
            // imports statically ($initial), and the icons they draw. Without it, every module a
            // lazy screen shares with the sign-in page became a file of its own, each costing ~1 KB
            // of headers on the wire. Nothing else: a visitor's page loads no member feature.
            // Not main.tsx: its top-level await waits for lazy chunks, which import this chunk;
            // in it, they would wait for main.tsx in turn (a drawn member page never hydrated).
            {
              name: 'first-load',
              test: /(web[\\/]src[\\/](?!main\.tsx$)|common[\\/])|node_modules[\\/]lucide-react[\\/]|^\0vite[\\/]preload-helper/,
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // The reads of the server-drawn pages' table (app/first-paint-pages.ts), loaded with a
            // member's drawn page (main.tsx). One chunk, not five of 0.2-0.5 KB each, each
            // gzipped with its own overhead (issue 36).
            {
              name: 'first-paint-reads',
              test: /web[\\/]src[\\/]features[\\/](content[\\/]api[\\/](content-query|get-explore)|guides[\\/]api[\\/](get-guide|get-guide-map)|tips[\\/]api[\\/]get-tip)\.ts$/,
              priority: 0,
            },
            // Members' small shared code: the API client's reads, limits and lists, the base UI
            // pieces. Schemas stay out (they bring zod), and so do components built on heavier
            // Radix parts and the icons (each goes with the chunks that draw it). Below
            // first-load: what the sign-in page runs is there already.
            {
              name: 'app-core',
              test: /web[\\/]src[\\/](lib[\\/]|components[\\/]ui[\\/](button|input|label|field|card|spinner|skeleton|badge|textarea)\.tsx|components[\\/]layout[\\/])|common[\\/](texts|limits|lists[\\/])/,
              minShareCount: 2,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
