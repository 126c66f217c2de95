import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureKindOf, isChunkLoadError, isConnectionFailure } from './network-error';

describe('failureKindOf (issue 19)', () => {
  it('offline wins over any error while the browser has no network', () => {
    expect(failureKindOf(new ApiError(0, 'x'), false)).toBe('offline');
    expect(failureKindOf(new TypeError('Failed to fetch'), false)).toBe('offline');
    expect(failureKindOf(new Error('Failed to fetch dynamically imported module: /assets/a.js'), false)).toBe('offline');
  });

  it('no answer, a gateway error or a chunk that does not load: the server is unreachable', () => {
    for (const error of [
      new ApiError(0, 'x'),
      new ApiError(502, 'x'),
      new ApiError(503, 'x'),
      new ApiError(504, 'x'),
      new TypeError('Failed to fetch'),
      new TypeError('NetworkError when attempting to fetch resource.'),
      new TypeError('Load failed'),
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/explore-abc.js'),
      new TypeError('error loading dynamically imported module: http://localhost/assets/explore-abc.js'),
      new TypeError('Importing a module script failed.'),
      new Error('Unable to preload CSS for /assets/index.css'),
    ]) {
      expect(failureKindOf(error, true), error.message).toBe('unreachable');
      expect(isConnectionFailure(error, true)).toBe(true);
    }
  });

  it('404 is not found; other answers and thrown bugs are our error', () => {
    expect(failureKindOf(new ApiError(404, 'Tip not found'), true)).toBe('not-found');
    expect(failureKindOf(new ApiError(500, 'x'), true)).toBe('server');
    expect(failureKindOf(new ApiError(400, 'x'), true)).toBe('server');
    expect(failureKindOf(new TypeError("Cannot read properties of undefined (reading 'x')"), true)).toBe('server');
    expect(failureKindOf('a string', true)).toBe('server');
    expect(isConnectionFailure(new ApiError(500, 'x'), true)).toBe(false);
  });

  it('knows the dynamic-import failures of each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(
      isChunkLoadError(
        new Error(
          "Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of 'text/html'. 'text/html' is not a valid JavaScript MIME type.",
        ),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Failed to fetch'))).toBe(false);
  });
});
