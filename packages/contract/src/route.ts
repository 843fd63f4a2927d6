import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call: anyone, a signed-in user (the bearer credential), or a signed-in admin. */
export type Access = 'public' | 'user' | 'admin';

/** An answer that is a file to download (CSV, JSON) instead of the JSON envelope. */
export interface FileResponse {
  readonly kind: 'file';
}
export const fileResponse: FileResponse = { kind: 'file' };

/** The statuses a call answers with the success envelope, each with its payload's schema. */
export type Responses = Partial<Record<200 | 201 | 503, z.ZodType | FileResponse>>;

/**
 * One call of the API: the single place its method, path, inputs, answers and who may call it
 * are written. The server registers its route from it, the web calls it through it, and the
 * OpenAPI document is generated from it.
 */
export interface RouteSpec {
  method: HttpMethod;
  /** Fastify's form: `/api/cards/:id`. */
  path: `/api/${string}`;
  access: Access;
  summary: string;
  /** Path parameters, named as in the path. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** Absent: the call reads no body (whatever is sent is ignored). */
  body?: z.ZodType;
  responses: Responses;
  /**
   * `auth`: sign-in, sign-up, refresh and mail calls, limited per client address; `study`: the
   * study writes, limited per learner and second, all three together (429 past either).
   */
  rateLimit?: 'auth' | 'study';
  /** Bytes of body accepted when more than the app's 1 MiB (413 past it). */
  bodyLimit?: number;
  /**
   * The call is a websocket upgrade; its bearer may come as the `Authorization` query parameter
   * (a browser cannot set a websocket's headers). Without an upgrade it answers 400.
   */
  websocket?: true;
  /**
   * The handler reads the body's exact text (a signed webhook: the signature covers the bytes),
   * as a string, whatever its content type; no body schema then.
   */
  rawBody?: true;
}

/** Checks a call's shape and keeps its literal types. */
export function route<const R extends RouteSpec>(spec: R): R {
  return spec;
}

/** Calls of one feature, named; the OpenAPI tag is the group's name. */
export type RouteGroup = Record<string, RouteSpec>;

type SuccessStatus = 200 | 201;
type SuccessResponse<R extends RouteSpec> = R['responses'][keyof R['responses'] & SuccessStatus];

/** What a call answers on success: the payload's type, or a file. */
export type RoutePayload<R extends RouteSpec> =
  SuccessResponse<R> extends z.ZodType ? z.output<SuccessResponse<R>> : Blob;

/** The status of a call's success envelope (201 for the calls that create). */
export function successStatus(spec: RouteSpec): SuccessStatus {
  return spec.responses[201] ? 201 : 200;
}

/** The payload schema of a call's success, or `fileResponse`. */
export function successResponse(spec: RouteSpec): z.ZodType | FileResponse {
  const response = spec.responses[successStatus(spec)];
  if (!response) throw new Error(`${spec.method} ${spec.path} declares no success answer`);
  return response;
}

export function isFileResponse(response: z.ZodType | FileResponse): response is FileResponse {
  return 'kind' in response && response.kind === 'file';
}

/**
 * A query string's values as the caller gives them: what the schema reads, where coercion makes
 * its input `unknown` (a number in `?limit=20`) the parsed type.
 */
type QueryInput<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]: unknown extends z.input<Q>[K]
    ? K extends keyof z.output<Q>
      ? z.output<Q>[K] | undefined
      : never
    : z.input<Q>[K];
};

type Value<R extends RouteSpec, K extends 'params' | 'query' | 'body'> = R[K] extends z.ZodType
  ? K extends 'query'
    ? QueryInput<R[K]>
    : z.input<R[K]>
  : never;

/** A part the schema lets the caller leave out (all its fields optional, or nullish) is optional. */
type Field<R extends RouteSpec, K extends 'params' | 'query' | 'body'> = R[K] extends z.ZodType
  ? undefined extends z.input<R[K]>
    ? { [P in K]?: Value<R, K> }
    : object extends Value<R, K>
      ? { [P in K]?: Value<R, K> }
      : { [P in K]: Value<R, K> }
  : { [P in K]?: never };

/** What a caller gives a call: its path parameters, query and body, each as its schema reads it. */
export type RouteInput<R extends RouteSpec> = Field<R, 'params'> &
  Field<R, 'query'> &
  Field<R, 'body'>;

/** Fills a path's `:name` segments from `params` (each encoded). */
export function fillPath(path: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (with its `?`, or empty) of a call's query values; undefined ones left out. */
export function queryString(query: unknown): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
