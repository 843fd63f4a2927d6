import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { outboxStorageKey } from '../features/study/api/outbox-storage';
import { queueStorageKey, writeStoredQueue } from '../features/study/api/queue-storage';
import { signOutLocally } from '../lib/auth';
import { saveSession } from '../lib/session';
import { makeClaims, makeJwt, makeTokenPair } from '../test/tokens';
import { AppProvider } from './provider';

const kept = {
  savedAt: 1_700_000_000_000,
  queue: {
    items: [
      {
        cardId: 'card-1',
        categoryId: null,
        front: 'la pomme',
        answers: ['the apple'],
        notes: '',
        fromLanguageCode: 'fr',
        toLanguageCode: 'en',
        kind: 'new' as const,
        progress: null,
      },
    ],
    dueCount: 0,
    newCount: 1,
  },
};

function renderProvider() {
  const queryClient = new QueryClient();
  render(
    <AppProvider queryClient={queryClient}>
      <p>App</p>
    </AppProvider>,
  );
  return queryClient;
}

function keepQueues() {
  writeStoredQueue(localStorage, 'user-1', null, kept);
  writeStoredQueue(localStorage, 'user-1', 'category-1', kept);
  localStorage.setItem(outboxStorageKey('user-1'), '[]');
}

const keptQueues = () => Object.keys(localStorage).filter((key) => key.startsWith('studyQueue:'));

describe('the study queues kept on the device', () => {
  it('are removed when the learner signs out; the answers waiting to sync stay', () => {
    saveSession(makeTokenPair());
    const queryClient = renderProvider();
    keepQueues();

    act(() => signOutLocally(queryClient));

    expect(keptQueues()).toEqual([]);
    expect(localStorage.getItem(outboxStorageKey('user-1'))).toBe('[]');
  });

  it('are removed when another learner signs in', () => {
    saveSession(makeTokenPair());
    renderProvider();
    keepQueues();
    const other = makeClaims({ payload: { userId: 'user-2', tokenId: 'session-2', digest: 'd' } });

    act(() => {
      saveSession({ access: makeJwt(other), refresh: makeJwt(other) });
    });

    expect(keptQueues()).toEqual([]);
  });

  it('stay when the same learner’s tokens are refreshed', () => {
    saveSession(makeTokenPair());
    renderProvider();
    keepQueues();

    act(() => {
      saveSession(makeTokenPair());
    });

    expect(keptQueues().sort()).toEqual([
      queueStorageKey('user-1', null),
      queueStorageKey('user-1', 'category-1'),
    ]);
  });
});
