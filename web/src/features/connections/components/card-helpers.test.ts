import { describe, expect, it } from 'vitest';
import { CONNECTION_TEXTS } from '@common/schemas/connection';
import { TEXTS } from '@common/texts';
import { ApiError } from '@/lib/api-client';
import { requestFailureToast, visibleCountries, wholePercent } from './card-helpers';

describe('connection card helpers', () => {
  it('shows at most 3 countries plus the rest as a number', () => {
    expect(visibleCountries(['A', 'B'])).toEqual({ shown: ['A', 'B'], more: 0 });
    expect(visibleCountries(['A', 'B', 'C', 'D', 'E'])).toEqual({ shown: ['A', 'B', 'C'], more: 2 });
  });

  it('rounds the explored share to a whole per cent', () => {
    expect(wholePercent(1.5)).toBe(2);
    expect(wholePercent(0.4)).toBe(0);
  });

  it('titles the 409 refusals and otherwise shows the server message or the fallback', () => {
    expect(requestFailureToast(new ApiError(409, CONNECTION_TEXTS.alreadyConnected, { code: 'already_connected' }))).toEqual({
      title: 'Already connected',
      description: 'You are already connected to this user',
    });
    expect(requestFailureToast(new ApiError(409, CONNECTION_TEXTS.alreadySent, { code: 'connection_request_pending' }))).toEqual({
      title: 'Request already sent',
      description: 'A connection request is already pending',
    });
    expect(requestFailureToast(new ApiError(404, 'Member not found', { code: 'not_found' }))).toEqual({
      title: TEXTS.errorTitle,
      description: 'Member not found',
    });
    expect(requestFailureToast(new ApiError(0, TEXTS.genericFailure, { code: 'network_failure' }))).toEqual({
      title: TEXTS.errorTitle,
      description: 'Failed to send connection request',
    });
  });
});
