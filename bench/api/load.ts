/** One autocannon measurement: requests/s, latency percentiles and failures. */
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: () => string;
  connections: number;
  durationSeconds: number;
}

export async function measure(r: LoadRequest): Promise<LoadResult> {
  const result = await autocannon({
    url: r.url,
    connections: r.connections,
    duration: r.durationSeconds,
    headers: r.headers,
    method: r.method,
    // setupRequest runs per request: each one gets the next item or a fresh title.
    requests: r.body ? [{ method: r.method, setupRequest: (req) => ({ ...req, body: r.body!() }) }] : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
