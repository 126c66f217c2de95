/**
 * The contract every fuzzed response must keep: below 500; a status with a declared response
 * schema parses with it; any other status is the error body (or empty for 204).
 */
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { ApiErrorSchema } from '@common/schemas/common';
import type { ApiRoute } from '@server/plugins/access';

export interface Checked {
  isServerError: boolean;
  /** Why the response breaks the contract; null when it keeps it. */
  problem: string | null;
}

type Responses = Record<string, z.ZodType | undefined>;

export function checkResponse(
  route: ApiRoute,
  res: Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'>,
  extra2xx?: (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => string | null,
): Checked {
  const status = res.statusCode;
  const isServerError = status >= 500;
  if (isServerError) return { isServerError, problem: `${status} ${res.body.slice(0, 300)}` };
  const declared = ((route.schema?.response ?? {}) as Responses)[String(status)];
  if (declared) return { isServerError, problem: parseWith(declared, res.body, status) };
  if (status === 204) return { isServerError, problem: res.body === '' ? null : `204 with a body: ${res.body.slice(0, 200)}` };
  if (status >= 400) {
    const problem = parseWith(ApiErrorSchema, res.body, status);
    if (problem) return { isServerError, problem };
    const body = JSON.parse(res.body) as { statusCode: number };
    return {
      isServerError,
      problem: body.statusCode === status ? null : `error body says ${body.statusCode}, status is ${status}`,
    };
  }
  const problem = extra2xx
    ? extra2xx({ statusCode: status, body: res.body, headers: res.headers })
    : `undeclared success status ${status}`;
  return { isServerError, problem };
}

function parseWith(schema: z.ZodType, body: string, status: number): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${status} body is not JSON: ${body.slice(0, 200)}`;
  }
  const result = schema.safeParse(json);
  return result.success ? null : `${status} body does not match its schema: ${result.error.message.slice(0, 500)}`;
}
