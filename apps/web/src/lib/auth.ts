import {
  accountStatusSchema,
  emptyPayloadSchema,
  tokenPairSchema,
  userInfoSchema,
  type LoginBody,
  type TokenPair,
} from '@glossa/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRequest } from './api-client';
import { clearInfoState, getAppState, setUser } from './app-state';
import { clearSession, readSession, saveSession, subscribeSession, type Session } from './session';

export const userQueryKey = ['user', 'info'] as const;
export const accountQueryKey = ['user', 'account'] as const;

/** GET /api/user/info; also keeps the app state's user model in step. */
export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async ({ signal }) => {
      const info = await apiRequest('GET', '/api/user/info', { schema: userInfoSchema, signal });
      setUser(info);
      return info;
    },
  });
}

/** GET /api/user/account: e-mail verified, role, plan, created. */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/user/account', { schema: accountStatusSchema, signal }),
  });
}

/** The stored session, following changes in this tab and others. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}

/** The signed-in learner's info (disabled when signed out). */
export function useUser() {
  const session = useSession();
  return useQuery({
    ...userQueryOptions(),
    enabled: session !== null,
    initialData: () => getAppState().user ?? undefined,
  });
}

/** The signed-in learner's account status (disabled when signed out). */
export function useAccount() {
  const session = useSession();
  return useQuery({ ...accountQueryOptions(), enabled: session !== null });
}

/** Saves tokens returned by a call (login, edit user) as the session. */
export function signInWithTokens(pair: TokenPair): Session {
  return saveSession(pair);
}

/** POST /api/auth/login, then saves the session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiRequest('POST', '/api/auth/login', { body, schema: tokenPairSchema, auth: false }),
    onSuccess: async (pair) => {
      queryClient.clear();
      signInWithTokens(pair);
      await queryClient.prefetchQuery(userQueryOptions());
    },
  });
}

/** Ends the session locally: storage, info state and every cached query. */
export function signOutLocally(queryClient: { clear(): void }): void {
  clearSession();
  clearInfoState();
  queryClient.clear();
}

/**
 * POST /api/auth/logout, then clears the session and the query cache. The local sign-out happens
 * even when the server cannot be reached: the learner asked to leave.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!readSession()) return;
      try {
        await apiRequest('POST', '/api/auth/logout', { schema: emptyPayloadSchema });
      } finally {
        signOutLocally(queryClient);
      }
    },
  });
}
