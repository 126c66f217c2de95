import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@common/texts';
import { ApiError } from './api-client';
import { FAILURE_TEXTS } from './network-error';
import { fixedFailureToast } from './notify';

afterEach(() => vi.unstubAllGlobals());

describe('fixedFailureToast (product.md, Texts word for word; issue 19 item 16)', () => {
  const fixed = [
    'Failed to update tip',
    'Failed to delete tip',
    'Failed to update save status',
    'Failed to create tip. Please try again.',
  ];

  it('keeps the fixed text as the title and puts the server refusal below it', () => {
    for (const text of fixed) {
      expect(
        fixedFailureToast(text, new ApiError(400, 'Title is missing or not valid', { code: 'invalid_field', fields: ['title'] })),
      ).toEqual({
        title: text,
        description: 'Title is missing or not valid',
      });
      expect(fixedFailureToast(text, new ApiError(403, 'You can only edit your own tips', { code: 'forbidden' })).title).toBe(
        text,
      );
    }
  });

  it('says the server cannot be reached for network failures, and nothing more for a 5xx', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(fixedFailureToast('Failed to update tip', new ApiError(0, TEXTS.genericFailure))).toEqual({
      title: 'Failed to update tip',
      description: FAILURE_TEXTS.unreachable.title,
    });
    expect(fixedFailureToast('Failed to update tip', new ApiError(503, 'down'))).toEqual({
      title: 'Failed to update tip',
      description: FAILURE_TEXTS.unreachable.title,
    });
    expect(fixedFailureToast('Failed to update tip', new ApiError(500, TEXTS.genericFailure))).toEqual({
      title: 'Failed to update tip',
      description: undefined,
    });
    vi.stubGlobal('navigator', { onLine: false });
    // Offline, a change was refused before it left (ADR 071): the toast says nothing was sent.
    expect(fixedFailureToast('Failed to delete tip', new ApiError(0, TEXTS.genericFailure)).description).toBe(
      TEXTS.offlineNotSent,
    );
  });

  it('never repeats the generic text or the title as the description', () => {
    expect(fixedFailureToast('Failed to delete tip', new ApiError(409, TEXTS.genericFailure)).description).toBeUndefined();
    expect(
      fixedFailureToast('Failed to delete tip', new ApiError(400, 'Failed to delete tip', { code: 'bad_request' })).description,
    ).toBeUndefined();
    expect(fixedFailureToast('Failed to delete tip', new Error('boom')).description).toBeUndefined();
  });
});
