import {
  apiRoutes,
  type ErrorCode,
  type HttpMethod,
  type Issue,
  type RoutePayload,
  type RouteSpec,
} from '@glossa/contract';
import { onTestFinished, vi } from 'vitest';
import type { z } from 'zod';

/**
 * The server of the web tests, answering calls of the route table: a test says how each call it
 * expects is answered (`fakeApi().on(api.study.queue, ({ query }) => ok(queue))`), the handler
 * gets the call's path parameters, query and body as the entry's schemas parse them, and its
 * answer's payload is typed from the entry. A call no handler answers, or whose inputs the
 * entry's schemas refuse, fails the test once it finishes (the app may well swallow the error it
 * gets). Every call is recorded, in order.
 */

type Part = 'params' | 'query' | 'body';

/** A part of a call as the entry's schema parses it; undefined when the entry has none. */
type Parsed<R extends RouteSpec, K extends Part> = R[K] extends z.ZodType
  ? z.output<R[K]>
  : undefined;

/** One call as the fake server received it. */
export interface FakeRequest<R extends RouteSpec = RouteSpec> {
  params: Parsed<R, 'params'>;
  query: Parsed<R, 'query'>;
  body: Parsed<R, 'body'>;
  method: HttpMethod;
  /** The path with its query string, as fetched. */
  url: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

/** A recorded call; `route` is the entry it matched, or null when none did. */
export interface FakeCall {
  route: RouteSpec | null;
  params: unknown;
  query: unknown;
  body: unknown;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
}

type AnyHandler = (request: FakeCall) => FakeAnswer<RouteSpec> | Promise<FakeAnswer<RouteSpec>>;

export interface OkAnswer<T> {
  kind: 'ok';
  status: number;
  payload: T;
}

export interface FailureAnswer {
  kind: 'failure';
  status: number;
  code: ErrorCode;
  message: string;
  issues?: Issue[];
  /** All the issues when `issues` holds only the first ones. */
  issueCount?: number;
}

export interface UnreachableAnswer {
  kind: 'unreachable';
}

/**
 * What a handler answers: the success envelope with the entry's payload, an error envelope, no
 * answer at all (the network is down), or a raw Response (a file, or an answer the contract
 * does not allow, for the api client's own checks).
 */
export type FakeAnswer<R extends RouteSpec> =
  OkAnswer<RoutePayload<R>> | FailureAnswer | UnreachableAnswer | Response;

export type FakeHandler<R extends RouteSpec> = (
  request: FakeRequest<R>,
) => FakeAnswer<R> | Promise<FakeAnswer<R>>;

/** The success envelope `{ code: 'ok', payload }`. */
export function ok<T>(payload: T, status = 200): OkAnswer<T> {
  return { kind: 'ok', status, payload };
}

/** An error envelope `{ code, payload: { message, issues?, issueCount? } }`. */
export function failure(
  status: number,
  code: ErrorCode,
  message: string,
  issues?: Issue[],
  issueCount?: number,
): FailureAnswer {
  return { kind: 'failure', status, code, message, issues, issueCount };
}

/** No answer: fetch rejects as it does when the network is down. */
export function unreachable(): UnreachableAnswer {
  return { kind: 'unreachable' };
}

/** A file download: the body with its type and the name the browser saves it under. */
export function file(body: string, contentType: string, filename: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function toResponse(answer: FakeAnswer<RouteSpec>): Response {
  if (answer instanceof Response) return answer;
  switch (answer.kind) {
    case 'ok':
      return jsonResponse(answer.status, { code: 'ok', payload: answer.payload });
    case 'failure': {
      const { message, issues, issueCount } = answer;
      return jsonResponse(answer.status, {
        code: answer.code,
        payload: {
          message,
          ...(issues ? { issues } : {}),
          ...(issueCount === undefined ? {} : { issueCount }),
        },
      });
    }
    case 'unreachable':
      throw new TypeError('Failed to fetch');
  }
}

interface Matcher {
  route: RouteSpec;
  pattern: RegExp;
  names: string[];
}

function matcherOf(route: RouteSpec): Matcher {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

/** The table's entries, static paths before those with parameters (as the server's router). */
function byPriority(routes: RouteSpec[]): Matcher[] {
  return routes
    .map(matcherOf)
    .sort((a, b) => a.names.length - b.names.length || b.route.path.length - a.route.path.length);
}

const tableMatchers = byPriority(apiRoutes().map(({ spec }) => spec));

function describeCall(method: string, url: string): string {
  return `${method} ${url}`;
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

export interface FakeApi {
  /** Answers the calls of one entry with `handler` (replacing an earlier handler of it). */
  on<R extends RouteSpec>(route: R, handler: FakeHandler<R>): FakeApi;
  /** Every call made, in order. */
  readonly calls: FakeCall[];
  /** The calls of one entry, typed from it. */
  callsTo<R extends RouteSpec>(route: R): FakeRequest<R>[];
  /** The fetch stub itself, for tests that read its raw calls (URL and RequestInit). */
  readonly fetch: ReturnType<typeof vi.fn<typeof fetch>>;
}

/** The fetch before the running test's first fake server, put back when the test finishes. */
let realFetch: typeof fetch | null = null;
let realXhr: typeof XMLHttpRequest | null = null;

/**
 * XMLHttpRequest as the api client uses it to send a large body with its progress (an Anki
 * package), answered by the fake server's fetch: the upload reports half the body, then all of it.
 */
function fakeXhrOf(send: typeof fetch): typeof XMLHttpRequest {
  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #answerHeaders = new Headers();
    #aborted = false;

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.#headers[name] = value;
    }

    getResponseHeader(name: string) {
      return this.#answerHeaders.get(name);
    }

    abort() {
      this.#aborted = true;
    }

    send(body: string | null) {
      const total = body?.length ?? 0;
      void (async () => {
        for (const loaded of [Math.floor(total / 2), total]) {
          await Promise.resolve();
          const event = new ProgressEvent('progress', { lengthComputable: true, loaded, total });
          this.upload.dispatchEvent(event);
        }
        try {
          const response = await send(this.#url, {
            method: this.#method,
            headers: this.#headers,
            ...(body === null ? {} : { body }),
          });
          if (this.#aborted) throw new Error('aborted');
          this.status = response.status;
          this.responseText = await response.text();
          this.#answerHeaders = response.headers;
          this.dispatchEvent(new Event('load'));
        } catch {
          this.dispatchEvent(new Event(this.#aborted ? 'abort' : 'error'));
        }
      })();
    }
  }
  return FakeXMLHttpRequest as unknown as typeof XMLHttpRequest;
}

/**
 * Replaces fetch with the fake server for the running test (call it in the test, or in
 * beforeEach); fetch is put back when the test finishes, and the test fails if a call was left
 * unanswered or refused by the entry's schemas.
 */
export function fakeApi(): FakeApi {
  const handlers = new Map<RouteSpec, AnyHandler>();
  /** Entries outside the table that a test answers (the api client's own tests). */
  let extraMatchers: Matcher[] = [];
  const calls: FakeCall[] = [];
  const problems: string[] = [];

  const match = (method: string, path: string) => {
    for (const matcher of [...extraMatchers, ...tableMatchers]) {
      if (matcher.route.method !== method) continue;
      const found = matcher.pattern.exec(path);
      if (!found) continue;
      const params = Object.fromEntries(
        matcher.names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
      );
      return { route: matcher.route, params };
    }
    return null;
  };

  const parsePart = (
    schema: z.ZodType | undefined,
    value: unknown,
    part: Part,
    call: string,
  ): unknown => {
    if (!schema) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    problems.push(
      `${call}: its ${part} does not match the route table (${issuesOf(parsed.error)})`,
    );
    return value;
  };

  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase() as HttpMethod;
    const parsedUrl = new URL(url, 'http://glossa.test');
    const call = describeCall(method, url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    let rawBody: unknown = undefined;
    if (typeof init?.body === 'string') {
      try {
        rawBody = JSON.parse(init.body) as unknown;
      } catch {
        rawBody = init.body;
      }
    }
    const found = match(method, parsedUrl.pathname);
    const handler = found ? handlers.get(found.route) : undefined;
    const record: FakeCall = {
      route: found?.route ?? null,
      method,
      url,
      headers,
      params: found ? parsePart(found.route.params, found.params, 'params', call) : undefined,
      query: found
        ? parsePart(
            found.route.query,
            Object.fromEntries(parsedUrl.searchParams.entries()),
            'query',
            call,
          )
        : undefined,
      body: found ? parsePart(found.route.body, rawBody, 'body', call) : rawBody,
    };
    calls.push(record);
    if (!found || !handler) {
      problems.push(
        found
          ? `${call} (${found.route.summary}) has no answer: add fakeApi().on(…) for it`
          : `${call} is no call of the route table`,
      );
      return toResponse(failure(501, 'internal_error', `The fake server has no answer to ${call}`));
    }
    return toResponse(await handler(record));
  });

  realFetch ??= globalThis.fetch;
  globalThis.fetch = fetchStub;
  realXhr ??= globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = fakeXhrOf(fetchStub);
  onTestFinished(() => {
    if (realFetch) globalThis.fetch = realFetch;
    realFetch = null;
    if (realXhr) globalThis.XMLHttpRequest = realXhr;
    realXhr = null;
    if (problems.length > 0) {
      throw new Error(`Unexpected API calls:\n${[...new Set(problems)].join('\n')}`);
    }
  });

  const fake: FakeApi = {
    on(route, handler) {
      // The handler gets the calls of its own entry only, parsed by that entry's schemas.
      handlers.set(route, handler as unknown as AnyHandler);
      if (!tableMatchers.some((matcher) => matcher.route === route)) {
        extraMatchers = byPriority([
          ...extraMatchers.map((matcher) => matcher.route).filter((known) => known !== route),
          route,
        ]);
      }
      return fake;
    },
    calls,
    callsTo<R extends RouteSpec>(route: R) {
      return calls.filter((item) => item.route === route) as unknown as FakeRequest<R>[];
    },
    fetch: fetchStub,
  };
  return fake;
}
