import { ApiError } from '@/lib/api-client';

/** A 4xx names the problem (validation, not the owner, too large); anything else gets the SPEC text. */
export function submitErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;
}
