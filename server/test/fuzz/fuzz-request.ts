/** One generated request, as requests.ts builds it and a strategy's `after` and `send` read it. */
export interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Generated choices of a strategy's own `send` (which session to use, a header...). */
  extra?: unknown;
}
