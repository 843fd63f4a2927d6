import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { outboxStorageKey } from '../api/outbox-storage';
import { offlineStudyHarness } from './offline-test-support';
import { renderStudy, reviewPosts, stored, stubServer, userId } from './study-offline-test-support';
import { answer } from './study-page-test-support';

const { setOnline } = offlineStudyHarness(userId);

/** An answer to card 1 left in the outbox by an earlier page (given, then the page reloaded). */
function keepAnswerBeforeReload() {
  localStorage.setItem(
    outboxStorageKey(userId),
    JSON.stringify([
      {
        clientReviewId: 'kept-before-reload',
        cardId: 'card-1',
        guess: 'the apple',
        elapsedMs: 4200,
        answeredAt: Date.now() - 60_000,
        override: false,
      },
    ]),
  );
}

describe('study offline', () => {
  it('sends answers kept before a reload as soon as the app starts', async () => {
    const { fetch } = stubServer();
    keepAnswerBeforeReload();
    renderStudy();
    await waitFor(() => expect(stored()).toEqual([]));
    expect(reviewPosts(fetch)).toEqual(['card-1 the apple kept-before-reload 4200']);
    expect(getAppState().cardCombo).toBe(1);
  });

  it('leaves out of a new session the cards whose answers still wait to sync', async () => {
    const { server } = stubServer();
    server.down = true;
    keepAnswerBeforeReload();
    renderStudy();
    expect(await screen.findByText('le chat')).toBeTruthy();
    expect(screen.getByText('Card 1 of 1')).toBeTruthy();
    expect(screen.queryByText('la pomme')).toBeNull();
    expect(await screen.findByText('1 answer waiting to sync')).toBeTruthy();
  });

  it('answers go behind those still waiting, even online, so the server gets them in order', async () => {
    const { fetch, server } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    server.down = true;
    await answer(user, 'the apple');
    await screen.findByText('Offline — will sync');
    await user.keyboard('{Enter}');
    await answer(user, 'the cat');
    await waitFor(() => expect(stored()).toHaveLength(2));
    server.down = false;
    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    const sent = reviewPosts(fetch).map((line) => line.split(' ')[0]);
    expect(sent.at(-2)).toBe('card-1');
    expect(sent.at(-1)).toBe('card-2');
    expect(getAppState().cardCombo).toBe(2);
  });
});
