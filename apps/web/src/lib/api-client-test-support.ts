import { route, type Access, type HttpMethod } from '@glossa/contract';
import { afterEach, beforeEach, vi } from 'vitest';
import { z } from 'zod';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const expired = () =>
  json(401, { code: 'token_expired', payload: { message: 'Token expired' } });
export const ok = (payload: unknown) => json(200, { code: 'ok', payload });
export const unauthorized = () =>
  json(401, { code: 'unauthorized', payload: { message: 'Sign in again' } });

export function bearerOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

/** fetch replaced by a mock before each test of the file (reset for the test), put back after. */
export function mockFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/** A call for the api client's own tests: any path, the given payload schema, any body. */
export function testRoute<T extends z.ZodType>(
  method: HttpMethod,
  path: `/api/${string}`,
  payload: T,
  access: Access = 'user',
) {
  return route({
    method,
    path,
    access,
    summary: 'A call of the api client tests',
    body: z.unknown(),
    responses: { 200: payload },
  });
}
