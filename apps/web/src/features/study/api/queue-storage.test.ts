import type { StudyQueue } from '@glossa/contract';
import { describe, expect, it } from 'vitest';
import { outboxStorageKey } from './outbox-storage';
import {
  clearStoredQueues,
  queueStorageKey,
  readStoredQueue,
  writeStoredQueue,
  type StoredQueue,
} from './queue-storage';

function queue(...fronts: string[]): StudyQueue {
  return {
    items: fronts.map((front, n) => ({
      cardId: `card-${n + 1}`,
      categoryId: null,
      front,
      answers: [`answer ${n + 1}`],
      notes: '',
      fromLanguageCode: 'fr',
      toLanguageCode: 'en',
      direction: 'forward' as const,
      kind: 'new',
      progress: null,
    })),
    dueCount: 0,
    newCount: fronts.length,
  };
}

const stored = (...fronts: string[]): StoredQueue => ({
  savedAt: 1_700_000_000_000,
  queue: queue(...fronts),
  minimumScore: null,
});

/** A storage that refuses every write, as a full (or blocked) one does. */
function fullStorage(): Storage {
  return {
    get length() {
      return localStorage.length;
    },
    key: (index) => localStorage.key(index),
    getItem: (key) => localStorage.getItem(key),
    removeItem: (key) => localStorage.removeItem(key),
    clear: () => localStorage.clear(),
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
  };
}

describe('the study queue kept on the device', () => {
  it('gives back the queue it kept, as it was', () => {
    writeStoredQueue(localStorage, 'user-1', null, stored('la pomme', 'le chat'));
    expect(readStoredQueue(localStorage, 'user-1', null)).toEqual(stored('la pomme', 'le chat'));
    expect(localStorage.getItem('studyQueue:user-1:all')).not.toBeNull();
  });

  it('keeps the learner’s passing score with the queue; a copy kept without one reads as unknown', () => {
    writeStoredQueue(localStorage, 'user-1', null, { ...stored('la pomme'), minimumScore: 0.95 });
    expect(readStoredQueue(localStorage, 'user-1', null)?.minimumScore).toBe(0.95);
    const { minimumScore: _unknown, ...older } = stored('la pomme');
    localStorage.setItem('studyQueue:user-1:all', JSON.stringify(older));
    expect(readStoredQueue(localStorage, 'user-1', null)?.minimumScore).toBeNull();
  });

  it('keeps the last queue only', () => {
    writeStoredQueue(localStorage, 'user-1', null, stored('la pomme'));
    writeStoredQueue(localStorage, 'user-1', null, stored('le chat'));
    expect(readStoredQueue(localStorage, 'user-1', null)?.queue.items[0]?.front).toBe('le chat');
  });

  it('keeps one queue per learner and per scope', () => {
    writeStoredQueue(localStorage, 'user-1', null, stored('la pomme'));
    writeStoredQueue(localStorage, 'user-1', 'category-1', stored('le train'));
    writeStoredQueue(localStorage, 'user-2', null, stored('le chien'));

    expect(readStoredQueue(localStorage, 'user-1', null)?.queue).toEqual(queue('la pomme'));
    expect(readStoredQueue(localStorage, 'user-1', 'category-1')?.queue).toEqual(queue('le train'));
    expect(readStoredQueue(localStorage, 'user-2', null)?.queue).toEqual(queue('le chien'));
    expect(readStoredQueue(localStorage, 'user-2', 'category-1')).toBeNull();
    expect(readStoredQueue(localStorage, 'user-3', null)).toBeNull();
    expect(queueStorageKey('user-1', 'category-1')).toBe('studyQueue:user-1:category-1');
  });

  it.each([
    ['that is not JSON', '{"savedAt": 1, "queue": '],
    ['that is not an object', '"la pomme"'],
    ['without its time', JSON.stringify({ queue: queue('la pomme') })],
    [
      'with a card missing its answers',
      JSON.stringify({ savedAt: 1, queue: { ...queue(), items: [{ cardId: 'card-1' }] } }),
    ],
    [
      'with an unknown key in its queue',
      JSON.stringify({ savedAt: 1, queue: { ...queue(), extra: true } }),
    ],
  ])('ignores an item %s', (_case, raw) => {
    localStorage.setItem(queueStorageKey('user-1', null), raw);
    expect(readStoredQueue(localStorage, 'user-1', null)).toBeNull();
  });

  it('does not throw when the storage refuses the queue, and drops the older one', () => {
    writeStoredQueue(localStorage, 'user-1', null, stored('la pomme'));
    expect(() => writeStoredQueue(fullStorage(), 'user-1', null, stored('le chat'))).not.toThrow();
    expect(readStoredQueue(localStorage, 'user-1', null)).toBeNull();
  });

  it('clears the queues of every learner, and nothing else', () => {
    writeStoredQueue(localStorage, 'user-1', null, stored('la pomme'));
    writeStoredQueue(localStorage, 'user-1', 'category-1', stored('le train'));
    writeStoredQueue(localStorage, 'user-2', null, stored('le chien'));
    localStorage.setItem(outboxStorageKey('user-1'), '[]');
    localStorage.setItem('isDark', 'true');

    clearStoredQueues(localStorage);

    expect(Object.keys(localStorage).sort()).toEqual(['isDark', outboxStorageKey('user-1')]);
  });
});
