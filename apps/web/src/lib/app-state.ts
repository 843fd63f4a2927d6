import type { UserInfo } from '@glossa/contract';
import { themeStorageKey } from '@glossa/contract/storage-keys';
import { api } from '@glossa/contract/routes';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRequest, getUserInfo } from './api-client';
import { fetchUserInfo, userQueryKey } from './queries/user-info';
import { clearSession, readSession, subscribeSession, type Session } from './session';
import { applyTheme, forgetTheme, readSavedTheme, saveTheme, systemPrefersDark } from './theme';

export interface ToastMessage {
  body: string;
  /** The path of the page it was shown on: it goes when the learner leaves that page. */
  page?: string;
}

/** One server → client websocket message: its type and payload (typed in the contract later). */
export interface SocketMessage {
  type: string;
  payload: unknown;
}
export type SocketHandler = (message: SocketMessage) => void;

/** The application state of the seed. */
export interface AppState {
  isDark: boolean;
  /** The current run of consecutive successful answers while studying. */
  cardCombo: number;
  isFeedbackDialogVisible: boolean;
  socket: WebSocket | null;
  socketHandlers: ReadonlyMap<string, ReadonlySet<SocketHandler>>;
  /**
   * The user model: the payload of GET /api/user/info, as the query cache holds it (read-only
   * here: it follows the cache, see bindUserModel).
   */
  user: UserInfo | null;
  /** The stored session payload. */
  session: Session | null;
  successToast: ToastMessage | null;
  failureToast: ToastMessage | null;
}

const initialState: AppState = {
  isDark: false,
  cardCombo: 0,
  isFeedbackDialogVisible: false,
  socket: null,
  socketHandlers: new Map(),
  user: null,
  session: null,
  successToast: null,
  failureToast: null,
};

let state: AppState = initialState;
const listeners = new Set<() => void>();

export function getAppState(): AppState {
  return state;
}

function setState(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeAppState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads one slice of the app state; re-renders only when that slice changes. */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useSyncExternalStore(
    subscribeAppState,
    () => selector(state),
    () => selector(state),
  );
}

// Theme

export function loadTheme(): void {
  const isDark = readSavedTheme() ?? systemPrefersDark();
  applyTheme(isDark);
  setState({ isDark });
}

export function setIsDark(isDark: boolean): void {
  saveTheme(isDark);
  applyTheme(isDark);
  setState({ isDark });
}

/** The theme of the device (prefers-color-scheme) from now on, following its changes. */
export function followDeviceTheme(): void {
  forgetTheme();
  loadTheme();
}

// Session and user

/** The query client whose cache holds the user model, and the end of following it. */
let userModel: { client: QueryClient; unfollow: () => void } | null = null;
const userQueryHash = hashKey(userQueryKey);

function cachedUser(): UserInfo | null {
  return userModel?.client.getQueryData<UserInfo>(userQueryKey) ?? null;
}

function syncUser(): void {
  const user = cachedUser();
  if (user !== state.user) setState({ user });
}

/**
 * Makes the app state's user model a view of `client`'s cache (the user info query): whatever
 * fetches, refetches, changes or removes that query shows here, and nothing else writes it.
 * Called once at start-up with the app's client (and by page tests with theirs).
 */
export function bindUserModel(client: QueryClient): void {
  userModel?.unfollow();
  // The seed's user model stays until the info state is cleared, on pages that show no user too:
  // the query is never garbage-collected (signing out clears it with the rest of the cache).
  // Whoever put it there (start-up), the query can be fetched again (settings saved).
  client.setQueryDefaults(userQueryKey, { queryFn: fetchUserInfo, gcTime: Infinity });
  const unfollow = client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === userQueryHash) syncUser();
  });
  userModel = { client, unfollow };
  syncUser();
}

/** Empties the user model and the session ("clearing info state"). */
export function clearInfoState(): void {
  userModel?.client.removeQueries({ queryKey: userQueryKey, exact: true });
  setState({ user: cachedUser(), session: null });
}

/** Removes the four token items ("clearing storage"). */
export function clearStorage(): void {
  clearSession();
}

export function loadSession(): Session | null {
  const session = readSession();
  setState({ session });
  return session;
}

/** Loads the user info; the state (through the cache) takes the payload only when the code is ok. */
export async function loadUserInfo(): Promise<void> {
  const envelope = await getUserInfo();
  if (envelope && envelope.code === 'ok') {
    userModel?.client.setQueryData(userQueryKey, envelope.payload);
  }
}

// Study, dialog, toasts

/** Counts the combo's changes, so a slow load never overwrites a newer answer's combo. */
let comboVersion = 0;

export function setCardCombo(cardCombo: number): void {
  comboVersion += 1;
  setState({ cardCombo });
}

/**
 * GET /api/study/combo: the header shows the learner's current combo from the start, not only
 * after a first answer. A failure (offline) leaves the combo as it is.
 */
export async function loadCardCombo(): Promise<void> {
  const version = comboVersion;
  try {
    const combo = await apiRequest(api.study.combo);
    if (version === comboVersion) setCardCombo(combo.current);
  } catch {
    // The combo is decoration; the next answer or start-up sets it again.
  }
}

export function setFeedbackDialogVisible(isFeedbackDialogVisible: boolean): void {
  setState({ isFeedbackDialogVisible });
}

export function setSuccessToast(successToast: ToastMessage | null): void {
  setState({ successToast });
}

export function setFailureToast(failureToast: ToastMessage | null): void {
  setState({ failureToast });
}

/** Removes the toasts of other pages than `pathname` (a message does not outlive its page). */
export function clearToastsAway(pathname: string): void {
  const away = (message: ToastMessage | null) =>
    message !== null && message.page !== undefined && message.page !== pathname;
  if (away(state.successToast)) setState({ successToast: null });
  if (away(state.failureToast)) setState({ failureToast: null });
}

// Socket

export function setSocket(socket: WebSocket | null): void {
  setState({ socket });
}

/** Registers a handler for one message type; returns the function that removes it. */
export function addSocketHandler(type: string, handler: SocketHandler): () => void {
  const next = new Map(state.socketHandlers);
  next.set(type, new Set([...(next.get(type) ?? []), handler]));
  setState({ socketHandlers: next });
  return () => {
    const after = new Map(state.socketHandlers);
    const remaining = new Set(after.get(type) ?? []);
    remaining.delete(handler);
    if (remaining.size > 0) after.set(type, remaining);
    else after.delete(type);
    setState({ socketHandlers: after });
  };
}

export function dispatchSocketMessage(message: SocketMessage): void {
  for (const handler of state.socketHandlers.get(message.type) ?? []) handler(message);
}

// Startup

let started = false;
/** What `initAppState` follows, undone by `resetAppStateForTests`. */
let stopFollowing: Array<() => void> = [];

/**
 * Startup of the seed: load the saved theme, then the stored session; if a session exists, load
 * the user info (into `queryClient`'s cache, which the user model follows). Then follow the
 * session and the theme across tabs. Idempotent.
 */
export function initAppState(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  loadTheme();
  bindUserModel(queryClient);
  const session = loadSession();
  if (session) {
    void loadUserInfo();
    void loadCardCombo();
  }

  const unsubscribeSession = subscribeSession(() => {
    const previous = state.session;
    const next = readSession();
    if (!next) {
      clearInfoState();
      setCardCombo(0);
      return;
    }
    setState({ session: next });
    if (
      !previous ||
      previous.decodedAccessToken.payload.userId !== next.decodedAccessToken.payload.userId
    ) {
      void loadUserInfo();
      void loadCardCombo();
    }
  });

  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey) loadTheme();
  };
  window.addEventListener('storage', onStorage);
  stopFollowing = [unsubscribeSession, () => window.removeEventListener('storage', onStorage)];
  if (typeof window.matchMedia === 'function') {
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    const onScheme = () => {
      if (readSavedTheme() === null) loadTheme();
    };
    scheme.addEventListener('change', onScheme);
    stopFollowing.push(() => scheme.removeEventListener('change', onScheme));
  }
}

/** Test helper: back to the initial state. */
export function resetAppStateForTests(): void {
  for (const stop of stopFollowing) stop();
  stopFollowing = [];
  userModel?.unfollow();
  userModel = null;
  state = initialState;
  started = false;
  comboVersion = 0;
}
