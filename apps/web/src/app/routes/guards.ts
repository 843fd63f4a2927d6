import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { readSession } from '../../lib/session';

/** The login address that brings the learner back to `url` after signing in. */
export function loginRedirectFor(url: URL | { pathname: string; search: string }): string {
  return paths.auth.login.getHref(`${url.pathname}${url.search}`);
}

/** Route loader of the signed-in /app pages: no session → /login?redirect=<path>. */
export function requireSessionLoader({ request }: LoaderFunctionArgs): null {
  if (!readSession()) throw redirect(loginRedirectFor(new URL(request.url)));
  return null;
}
