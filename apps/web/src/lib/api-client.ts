import type {
  RouteInput,
  RoutePayload,
  RouteSpec,
  CreateUserBody,
  EditUserBody,
  EditUserResponse,
  ErrorCode,
  Issue,
  UserInfo,
} from '@glossa/contract';
import { api, fillPath, queryString, type RouteRef } from '@glossa/contract/routes';
import type * as ContractSchemas from './contract-schemas';
import { clearSession, readSession, saveSession, subscribeSession, type Session } from './session';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response';

/** A failed call: the envelope's code and message, and the fields named by its issues. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: Issue[];
  /** All the issues, of which `issues` holds the first (the server sends at most 100). */
  readonly issueCount: number;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    issues: Issue[] = [],
    issueCount = issues.length,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.issueCount = Math.max(issueCount, issues.length);
  }
}

/** A call of the route table: its entry, or its reference (`@glossa/contract/routes`). */
export type AnyRoute<R extends RouteSpec> = R | RouteRef<R>;

/**
 * The contract's schemas, loaded with the first call rather than with the app (decision 0031):
 * sent at once, the call's answer and this module arrive together.
 */
let schemas: Promise<typeof ContractSchemas> | null = null;
export function loadSchemas(): Promise<typeof ContractSchemas> {
  schemas ??= import('./contract-schemas');
  return schemas;
}

/** How much of a request's body has gone, in bytes: `sent` of `total`. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * What a call takes: its inputs as the route table types them, an abort signal, and for a large
 * body (an Anki package) a function told how much of it has been sent.
 */
export type RequestOptions<R extends RouteSpec> = RouteInput<R> & {
  signal?: AbortSignal;
  onUploadProgress?: UploadProgress;
};
/** The options may be left out when the call needs none. */
export type RequestArgs<R extends RouteSpec> =
  object extends RequestOptions<R> ? [options?: RequestOptions<R>] : [options: RequestOptions<R>];

/** Refresh this long before the access token expires. */
const refreshLeadSeconds = 60;
const refreshLockName = 'glossa-refresh';

/** The Authorization value of the seed: the stored access token encoded in base64. */
function bearerValue(encodedAccessToken: string): string {
  return `Bearer ${btoa(encodedAccessToken)}`;
}

/** The websocket address with the bearer credential as the Authorization query parameter. */
export function socketUrl(path: string, session: Session | null = readSession()): string | null {
  if (!session) return null;
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('Authorization', bearerValue(session.encodedAccessToken));
  return url.toString();
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

const networkError = () =>
  new ApiError(-1, 'network_error', t`Cannot reach the server. Check your connection.`);

async function sendOnce(
  method: RouteSpec['method'],
  path: string,
  body: unknown,
  accessToken: string | null,
  signal: AbortSignal | undefined,
  onUploadProgress?: UploadProgress,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The interface language, for the server's error messages while signed out (decision 0037).
  if (i18n.locale) headers['Accept-Language'] = i18n.locale;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = bearerValue(accessToken);
  if (onUploadProgress && body !== undefined) {
    // Its own chunk: only the Anki import asks (decision 0031, every page's first load).
    const { sendWithProgress } = await import('./send-with-progress');
    const request = { method, path, headers, body: JSON.stringify(body), signal };
    return sendWithProgress(request, onUploadProgress, networkError);
  }
  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function errorFromBody(status: number, body: unknown): Promise<ApiError> {
  const envelope = (await loadSchemas()).errorEnvelope(body);
  if (envelope) {
    return new ApiError(
      status,
      envelope.code,
      envelope.payload.message,
      envelope.payload.issues ?? [],
      envelope.payload.issueCount,
    );
  }
  return new ApiError(status, 'invalid_response', t`The server answered ${status} unexpectedly.`);
}

let inFlightRefresh: Promise<Session | null> | null = null;

async function refreshUnderLock(seenAccessToken: string | null): Promise<Session | null> {
  const current = readSession();
  if (!current) return null;
  // Another tab (or an earlier call here) already rotated the tokens: use them.
  if (seenAccessToken !== null && current.encodedAccessToken !== seenAccessToken) return current;
  const { method, path } = api.auth.refresh;
  const response = await sendOnce(
    method,
    path,
    { refresh: current.encodedRefreshToken },
    null,
    undefined,
  );
  const body = await readJson(response);
  if (response.ok) {
    const pair = (await loadSchemas()).tokenPairOf(body);
    if (!pair) throw await errorFromBody(response.status, body);
    return saveSession(pair);
  }
  if (response.status === 401) {
    // Revoked, expired, or reused past the server's grace: the session is over, unless another
    // tab (one without Web Locks) stored new tokens meanwhile, which go on.
    const stored = readSession();
    if (stored && stored.encodedRefreshToken !== current.encodedRefreshToken) return stored;
    clearSession();
    return null;
  }
  throw await errorFromBody(response.status, body);
}

/**
 * Rotates the tokens, one refresh at a time across tabs (Web Locks) and within this tab (one
 * shared promise). `seenAccessToken` is the access token the caller found stale: when the stored
 * one differs, another refresh already happened and no new one is made. Resolves to the new
 * session, or null when signed out.
 */
export function refreshSession(seenAccessToken: string | null = null): Promise<Session | null> {
  if (inFlightRefresh) return inFlightRefresh;
  const seen = seenAccessToken ?? readSession()?.encodedAccessToken ?? null;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run: Promise<Session | null> = locks
    ? locks.request(refreshLockName, () => refreshUnderLock(seen)).then((session) => session)
    : refreshUnderLock(seen);
  inFlightRefresh = run.finally(() => {
    inFlightRefresh = null;
  });
  return inFlightRefresh;
}

async function freshAccessToken(): Promise<string | null> {
  const session = readSession();
  if (!session) return null;
  // A tab that slept past the scheduled refresh refreshes before calling.
  if (session.decodedAccessToken.exp - nowSeconds() <= 5) {
    const refreshed = await refreshSession(session.encodedAccessToken);
    return refreshed?.encodedAccessToken ?? null;
  }
  return session.encodedAccessToken;
}

/**
 * Clears the stored session after a 401 to a call made with `accessToken`, unless the stored
 * tokens changed meanwhile (another tab or call signed in or refreshed): those are not refused.
 */
function endSessionIfStill(accessToken: string): void {
  const current = readSession();
  if (current && current.encodedAccessToken === accessToken) clearSession();
}

/**
 * Sends a call of the route table and answers its response: the bearer credential when the call
 * is not public; a `token_expired` answer refreshes the tokens and sends it once more; any other
 * 401 to a call made with the bearer (or a retry refused again) ends the local session.
 */
export async function callRoute<R extends RouteSpec>(
  route: AnyRoute<R>,
  { params, query, body, signal, onUploadProgress }: RequestOptions<R>,
): Promise<Response> {
  const path = fillPath(route.path, params) + queryString(query);
  const auth = route.access !== 'public';
  let accessToken = auth ? await freshAccessToken() : null;
  let response = await sendOnce(route.method, path, body, accessToken, signal, onUploadProgress);
  if (accessToken && response.status === 401) {
    const refusal = await readJson(response.clone());
    if ((await loadSchemas()).errorEnvelope(refusal)?.code === 'token_expired') {
      const refreshed = await refreshSession(accessToken);
      if (!refreshed) return response;
      accessToken = refreshed.encodedAccessToken;
      response = await sendOnce(route.method, path, body, accessToken, signal, onUploadProgress);
    }
    // Still refused with the bearer: the session ended on the server (password or e-mail change,
    // "sign out everywhere", a disabled account, a revoked session). Clearing it sends the
    // learner to sign in (RequireSession).
    if (response.status === 401) endSessionIfStill(accessToken);
  }
  return response;
}

/** The failure of an answer that is not a success: its envelope's code, or a generic one. */
export async function failureOf(response: Response): Promise<ApiError> {
  return errorFromBody(response.status, await readJson(response));
}

/**
 * The one api client: sends a call of the route table and returns the payload of its success
 * envelope, checked against the table's schema, or throws an ApiError.
 */
export async function apiRequest<R extends RouteSpec>(
  route: AnyRoute<R>,
  ...[options]: RequestArgs<R>
): Promise<RoutePayload<R>> {
  // Loaded while the call is on its way (the first call of the app fetches it).
  const checks = loadSchemas().then(async (schemas) => {
    await schemas.loadRoute(route);
    return schemas;
  });
  const response = await callRoute(route, options ?? ({} as RequestOptions<R>));
  const { answersFile, checkedPayload } = await checks;
  if (answersFile(route)) throw new Error(`${route.path} answers a file: use downloadFile`);
  const json = await readJson(response);
  if (!response.ok) throw await errorFromBody(response.status, json);
  const payload = checkedPayload(route, json);
  if (!payload.ok) {
    throw new ApiError(
      response.status,
      'invalid_response',
      t`The server sent an unexpected answer.`,
    );
  }
  return payload.payload as RoutePayload<R>;
}

/**
 * Keeps the tokens fresh: refreshes `refreshLeadSeconds` before the access token expires, and
 * reschedules whenever the session changes (here or in another tab). Returns a stop function.
 */
export function scheduleTokenRefresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const plan = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const session = readSession();
    if (!session) return;
    const delayMs = Math.max(
      0,
      (session.decodedAccessToken.exp - refreshLeadSeconds) * 1000 - Date.now(),
    );
    // setTimeout overflows past ~24.8 days; access tokens live minutes.
    timer = setTimeout(
      () => {
        refreshSession(session.encodedAccessToken).catch(() => {
          // A network failure leaves the session; the next call or change tries again.
        });
      },
      Math.min(delayMs, 2 ** 31 - 1),
    );
  };
  plan();
  const unsubscribe = subscribeSession(plan);
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}

// The seed's three calls, with its exact handling.

/** POST /api/user/create: only the HTTP status, -1 on network failure. */
export async function createUser(body: CreateUserBody): Promise<number> {
  try {
    const { method, path } = api.user.create;
    const response = await sendOnce(method, path, body, null, undefined);
    return response.status;
  } catch {
    return -1;
  }
}

export interface UserInfoEnvelope {
  code: 'ok';
  payload: UserInfo;
}

/** GET /api/user/info: the envelope on 200, otherwise (any other status, network error) null. */
export async function getUserInfo(): Promise<UserInfoEnvelope | null> {
  try {
    const payload = await apiRequest(api.user.info);
    return { code: 'ok', payload };
  } catch {
    return null;
  }
}

export interface EditUserEnvelope {
  code: 'ok';
  payload: EditUserResponse;
}

/** POST /api/user/edit: the envelope with { access, refresh } on 200, otherwise null. */
export async function editUser(body: EditUserBody): Promise<EditUserEnvelope | null> {
  try {
    const payload = await apiRequest(api.user.edit, { body });
    return { code: 'ok', payload };
  } catch {
    return null;
  }
}
