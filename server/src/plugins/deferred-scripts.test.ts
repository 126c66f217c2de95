import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFERRED_START, DEFERRED_START_HASH, withDeferredScripts } from './deferred-scripts';

const page = [
  '<html><head><meta name="viewport" content="width=device-width" />',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
  '<link rel="modulepreload" crossorigin href="/assets/view-tip-1.js" />',
  '</head><body><div id="root"><p>drawn</p></div></body></html>',
].join('');

describe('withDeferredScripts', () => {
  it('moves the entry and every module preload into the start script at the end of the body', () => {
    const html = withDeferredScripts(page);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(
      html.endsWith(
        `<script data-entry="/assets/index-1.js" data-modules="/assets/vendor-1.js /assets/view-tip-1.js">${DEFERRED_START}</script></body></html>`,
      ),
    ).toBe(true);
  });

  it('leaves a page without an entry script as it is', () => {
    expect(withDeferredScripts('<html><body></body></html>')).toBe('<html><body></body></html>');
  });

  it('gives the CSP the hash of exactly the script it writes (any other inline script stays refused)', () => {
    const script = /<script data-entry="[^"]*" data-modules="[^"]*">([\s\S]*)<\/script>/.exec(withDeferredScripts(page))![1]!;
    expect(DEFERRED_START_HASH).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
