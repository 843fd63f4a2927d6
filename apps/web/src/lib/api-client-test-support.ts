import { route, type Access, type HttpMethod, type RouteSpec } from '@glossa/contract';
import { z } from 'zod';
import { failure, type FakeAnswer, type FakeHandler } from '../test/fake-api';

/** A raw answer, for the client's checks of answers the contract does not allow. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const expired = () => failure(401, 'token_expired', 'Token expired');
export const unauthorized = () => failure(401, 'unauthorized', 'Sign in again');

export function bearerOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

/** Answers each call of an entry with the next of `answers`, in turn. */
export function inTurn<R extends RouteSpec>(...answers: FakeAnswer<R>[]): FakeHandler<R> {
  let next = 0;
  return () => {
    const answer = answers[next];
    next += 1;
    return answer ?? failure(500, 'internal_error', `Called more than ${answers.length} times`);
  };
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
