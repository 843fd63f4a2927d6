import {
  errorEnvelopeSchema,
  errorStatus,
  isFileResponse,
  successResponse,
  type RouteSpec,
} from '@glossa/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { forbiddenChanges, type FuzzMode, type FuzzSession } from './fuzz-session';
import { requestArbitrary, type FuzzRequest, type RequestContext } from './requests';

/** Something the server must never do, with the request that made it. */
export interface FuzzFailure {
  route: string;
  mode: FuzzMode;
  /** What went wrong, the same for every request that shows the same defect. */
  problem: string;
  kind: string;
  status: number;
  request: string;
}

export interface RouteRun {
  route: string;
  mode: FuzzMode;
  requests: number;
  /** Requests whose inputs passed the contract with a working bearer (they reached the service). */
  reachedService: number;
  statuses: Record<number, number>;
  ms: number;
  /** Of which generating the requests. */
  generateMs: number;
  /** Of which making worlds: the run's own, and new ones after a request deleted the owner. */
  worldMs: number;
  /** CPU time of the process (the app and the suite), steadier than the clock on a busy machine. */
  cpuMs: number;
  failures: FuzzFailure[];
}

const clip = (text: string, length = 160) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

/** The request as a failure shows it: bearer values left out, long parts cut. */
function describeRequest(request: FuzzRequest): string {
  const auth = request.auth;
  const bearer =
    auth.kind === 'member'
      ? `bearer of ${auth.member}`
      : auth.kind === 'bad'
        ? `bad bearer #${auth.index}`
        : 'no bearer';
  const headers = [
    `${bearer}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${clip(value, 60)}`),
  ].join('; ');
  const body =
    request.body === undefined
      ? ''
      : ` body ${clip(Buffer.isBuffer(request.body) ? `<bytes> ${request.body.toString('latin1')}` : request.body)}`;
  return `${request.method} ${clip(request.url)} [${headers}]${body}`;
}

/** What is wrong with an answer's shape: the envelope with a code of the closed list, or a file. */
function shapeProblem(spec: RouteSpec, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 300 && isFileResponse(successResponse(spec))) return undefined;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} that is not JSON`;
  }
  if (res.statusCode < 400) {
    return (body as { code?: unknown }).code === 'ok'
      ? undefined
      : `${res.statusCode} without code ok`;
  }
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (!parsed.success) return `${res.statusCode} that is not the error envelope`;
  return errorStatus[parsed.data.code] === res.statusCode
    ? undefined
    : `code ${parsed.data.code} with status ${res.statusCode}`;
}

const arbitraries = new WeakMap<RequestContext, Map<RouteSpec, fc.Arbitrary<FuzzRequest>>>();

/** A route's requests, built once for a context (building them costs more than drawing 100). */
function arbitraryOf(spec: RouteSpec, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  let ofContext = arbitraries.get(context);
  if (!ofContext) arbitraries.set(context, (ofContext = new Map()));
  let arbitrary = ofContext.get(spec);
  if (!arbitrary) ofContext.set(spec, (arbitrary = requestArbitrary(spec, context)));
  return arbitrary;
}

/**
 * Sends `runs` generated requests to one route as one kind of caller, checking each answer: no
 * 5xx, the envelope, and nothing written by a refused request. Generated in chunks, so that a new
 * world (after a request deleted the old one's owner) is what the next requests are made from.
 */
export async function fuzzRoute(
  session: FuzzSession,
  route: string,
  spec: RouteSpec,
  mode: FuzzMode,
  runs: number,
  seed: number,
): Promise<RouteRun> {
  const run: RouteRun = {
    route,
    mode,
    requests: 0,
    reachedService: 0,
    statuses: {},
    ms: 0,
    generateMs: 0,
    worldMs: 0,
    cpuMs: 0,
    failures: [],
  };
  const fail = (request: FuzzRequest, status: number, problem: string) =>
    run.failures.push({
      route,
      mode,
      problem,
      kind: request.kind,
      status,
      request: describeRequest(request),
    });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const worldMs = session.rebuildMs;
  // Anonymous callers reach no one's data: they keep the world the last signed-in run left.
  if (mode === 'signed in') await session.renew();
  const chunk = 100;
  for (let done = 0; done < runs; done += chunk) {
    const generating = performance.now();
    const requests = fc.sample(arbitraryOf(spec, session.context(mode)), {
      numRuns: Math.min(chunk, runs - done),
      seed: seed + done,
    });
    run.generateMs += performance.now() - generating;
    for (const request of requests) {
      let res: LightMyRequestResponse;
      try {
        const authorization = session.authorization(request.auth);
        res = await session.t.app.inject({
          method: request.method,
          url: request.url,
          headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
          ...(request.body !== undefined ? { payload: request.body } : {}),
        });
      } catch (error) {
        fail(request, 0, `the request failed: ${String(error)}`);
        continue;
      }
      const status = res.statusCode;
      run.requests += 1;
      run.statuses[status] = (run.statuses[status] ?? 0) + 1;
      if (request.reachesService) run.reachedService += 1;
      const changes = await session.log.take();
      if (status >= 500) fail(request, status, `answered ${status}`);
      const shape = shapeProblem(spec, res);
      if (shape) fail(request, status, `answered ${shape}`);
      if (status >= 400) {
        const forbidden = forbiddenChanges(spec, status, changes);
        if (forbidden.length) {
          const what = [
            ...new Set(
              forbidden.map(
                (c) => `${c.op} ${c.table}${c.columns.length ? ` (${c.columns.join(', ')})` : ''}`,
              ),
            ),
          ];
          fail(request, status, `refused with ${status} but changed data: ${what.join('; ')}`);
        }
      }
      // A working bearer refused: a request before this one ended its session or its account.
      if (status === 401 && request.auth.kind === 'member' && spec.access !== 'public') {
        await session.recover(request.auth.member);
      }
    }
  }
  run.ms = performance.now() - started;
  run.worldMs = session.rebuildMs - worldMs;
  const used = process.cpuUsage(cpu);
  run.cpuMs = (used.user + used.system) / 1000;
  return run;
}
