import type { LoginBody, TokenPair } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { ApiError, apiRequest } from './api-client';
import { clearInfoState } from './app-state';
import { userQueryOptions } from './queries/user-info';
import {
  beginSignOut,
  clearSession,
  readSession,
  saveSession,
  subscribeSession,
  type Session,
} from './session';
import { toast } from './toast';

export const accountQueryKey = ['user', 'account'] as const;

/** GET /api/user/account: e-mail verified, role, plan, created. */
function accountQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => apiRequest(api.user.account, { signal }),
  });
}

/** No session when rendered at build time (the prerendered public pages are signed out). */
const noSession = () => null;

/** The stored session, following changes in this tab and others. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, noSession);
}

/** The signed-in learner's info (disabled when signed out). */
export function useUser() {
  const session = useSession();
  return useQuery({ ...userQueryOptions(), enabled: session !== null });
}

/** The signed-in learner's account status (disabled when signed out). */
export function useAccount() {
  const session = useSession();
  return useQuery({ ...accountQueryOptions(), enabled: session !== null });
}

/** POST /api/user/verify-email/resend: mails a new link to the signed-in learner. */
export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest(api.account.resendVerification) });
}

/** Saves tokens returned by a call (login, edit user) as the session. */
export function signInWithTokens(pair: TokenPair): Session {
  return saveSession(pair);
}

/** POST /api/auth/login, then saves the session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest(api.auth.login, { body }),
    onSuccess: async (pair) => {
      queryClient.clear();
      signInWithTokens(pair);
      await queryClient.prefetchQuery(userQueryOptions());
    },
  });
}

/** Ends the session locally: storage, info state and every cached query. */
export function signOutLocally(queryClient: { clear(): void }): void {
  clearSession({ byLearner: true });
  clearInfoState();
  queryClient.clear();
}

export interface LogoutOptions {
  /** Shown as a success toast once signed out (none by default). */
  successMessage?: string;
}

/** Why a sign-out could not tell the server; the learner is signed out here all the same. */
function logoutFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'network_error') {
    const reason = error.message;
    return t`You are signed out here, but the server could not end the session: ${reason}`;
  }
  return t`You are signed out here, but the server could not be reached.`;
}

/**
 * Signs out: POST /api/auth/logout, then goes to /login and clears the session and the query
 * cache. Clearing unmounts the signed-in page and whoever asked (their `mutate` callbacks would
 * never run), so the navigation and the toasts live here, in the mutation itself; and the clear
 * is marked as the learner's own, so RequireSession, should it still be mounted (the navigation
 * commits in a transition), sends them to /login rather than /login?redirect=<page>. The local
 * sign-out happens even when the server cannot be reached: the learner asked to leave.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (options?: LogoutOptions) => {
      let failure: unknown = null;
      beginSignOut();
      if (readSession()) {
        try {
          await apiRequest(api.auth.logout);
        } catch (error) {
          // A 401: the session had already ended on the server, which is what was asked for.
          if (!(error instanceof ApiError && error.status === 401)) failure = error;
        }
      }
      await navigate(paths.auth.login.getHref(), { replace: true });
      signOutLocally(queryClient);
      if (failure !== null) throw failure;
      return options;
    },
    onSuccess: (options) => {
      if (options?.successMessage) toast.success(options.successMessage);
    },
    onError: (error) => toast.failure(logoutFailureMessage(error)),
  });
}
