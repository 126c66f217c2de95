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

/** The script that starts the entry and these chunks (`modules`), for the end of a drawn page's body. */
export function deferredStart(entry: string, modules: readonly string[]): string {
  return `<script data-entry="${entry}" data-modules="${modules.join(' ')}">${DEFERRED_START}</script>`;
}
