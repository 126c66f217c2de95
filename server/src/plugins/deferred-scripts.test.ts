import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFERRED_START, DEFERRED_START_HASH, deferredStart } from './deferred-scripts';

describe('deferredStart', () => {
  it('names the entry and every chunk for the start script to load', () => {
    expect(deferredStart('/assets/index-1.js', ['/assets/vendor-1.js', '/assets/view-tip-1.js'])).toBe(
      `<script data-entry="/assets/index-1.js" data-modules="/assets/vendor-1.js /assets/view-tip-1.js">${DEFERRED_START}</script>`,
    );
  });

  it('gives the CSP the hash of exactly the script it writes (any other inline script stays refused)', () => {
    const script = /<script data-entry="[^"]*" data-modules="[^"]*">([\s\S]*)<\/script>/.exec(deferredStart('/a.js', []))![1]!;
    expect(DEFERRED_START_HASH).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
