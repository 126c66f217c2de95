import { ApiError, serverMessageOr } from '@/lib/api-client';
import { LIMITS } from '@common/limits';
import { CONNECTION_TEXTS } from '@common/schemas/connection';
import { TEXTS } from '@common/texts';

/** docs/product.md#limits: at most 3 visited countries, then '+N'. */
export function visibleCountries(countries: readonly string[], max: number = LIMITS.profileCardCountries) {
  return { shown: countries.slice(0, max), more: Math.max(0, countries.length - max) };
}

/** docs/product.md#profiles: a whole per cent on connection cards. */
export function wholePercent(value: number): number {
  return Math.round(value);
}

/** docs/product.md#forms-and-validation: a refused request names the conflict; other failures show the server's message. */
export function requestFailureToast(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.code === 'already_connected') {
    return { title: CONNECTION_TEXTS.alreadyConnectedTitle, description: error.message };
  }
  if (error instanceof ApiError && error.code === 'connection_request_pending') {
    return { title: CONNECTION_TEXTS.alreadySentTitle, description: error.message };
  }
  return { title: TEXTS.errorTitle, description: serverMessageOr(error, CONNECTION_TEXTS.requestFailed) };
}
