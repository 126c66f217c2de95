/**
 * A page the server drew is readable before its JavaScript runs, so its scripts wait until its
 * largest photo (or, without one, its first frame) is painted instead of competing with it for a phone's
 * bandwidth: on slow 4G the ~170 KB of scripts would otherwise arrive with the ~70 KB photo and
 * delay it by about a second. A small inline script starts them; the page's CSP allows exactly
 * that script by its hash (app.ts). ADR 022.
 */
import { createHash } from 'node:crypto';

/** Reads the entry and its chunks from its own data attributes; starts them once. */
export const DEFERRED_START = [
  '(function () {',
  '  var tag = document.currentScript, started = false;',
  '  function start() {',
  '    if (started) return;',
  '    started = true;',
  "    tag.dataset.modules.split(' ').filter(Boolean).forEach(function (href) {",
  "      var link = document.createElement('link');",
  "      link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href;",
  '      document.head.appendChild(link);',
  '    });',
  "    var entry = document.createElement('script');",
  "    entry.type = 'module'; entry.crossOrigin = ''; entry.src = tag.dataset.entry;",
  '    document.head.appendChild(entry);',
  '  }',
  // Just after the next frame is painted (a frame's callbacks run before its paint).
  '  function afterPaint() { requestAnimationFrame(function () { setTimeout(start, 0); }); }',
  '  var photo = document.querySelector(\'#root img[fetchpriority="high"]\');',
  '  if (photo && !photo.complete) {',
  // Loaded is not yet painted: decoding a 1024 px photo takes a phone ~100 ms more.
  "    photo.addEventListener('load', function () { photo.decode().then(afterPaint, afterPaint); });",
  "    photo.addEventListener('error', start);",
  '    setTimeout(start, 2500);',
  '  } else {',
  '    afterPaint();',
  '  }',
  '})();',
].join('\n');

/** For the CSP's script-src. */
export const DEFERRED_START_HASH = `'sha256-${createHash('sha256').update(DEFERRED_START).digest('base64')}'`;

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)" ?\/?>/g;

/**
 * index.html (with its preloads) whose entry script and module preloads start from
 * DEFERRED_START at the end of the body instead of from the head. Unchanged without an entry.
 */
export function withDeferredScripts(html: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const start = `<script data-entry="${entry[1]}" data-modules="${modules.join(' ')}">${DEFERRED_START}</script>`;
  return html
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${start}</body>`);
}
