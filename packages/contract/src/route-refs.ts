import type { RouteSpec } from './route';

/**
 * A call of the route table without its schemas: what the web needs to send it (method, path,
 * who may call). Its type keeps the whole entry (`spec`, never set), so inputs and the answer
 * are typed from the table as before; the schemas themselves load when an answer is checked
 * (decision 0031, addendum).
 */
export interface RouteRef<R extends RouteSpec = RouteSpec> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly access: R['access'];
  /** Type only: the entry this refers to. */
  readonly spec?: R;
}

/** A group (or the whole table) of calls as references. */
export type RouteRefs<T> = {
  readonly [K in keyof T]: T[K] extends RouteSpec ? RouteRef<T[K]> : RouteRefs<T[K]>;
};

/** The key a call is found by in the full table: its method and path. */
export function routeKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}
