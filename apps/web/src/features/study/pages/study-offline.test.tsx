import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { outboxStorageKey } from '../api/outbox-storage';
import { offlineStudyHarness } from './offline-test-support';
import { renderStudy, reviewPosts, stored, stubServer, userId } from './study-offline-test-support';
import { answer } from './study-page-test-support';

const { setOnline } = offlineStudyHarness(userId);

describe('study offline', () => {
  it('scores answers on the device, keeps them, and syncs them in order when back online', async () => {
    const { fetch } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    setOnline(false);
    expect(await screen.findByText('You are offline')).toBeTruthy();

    await answer(user, 'the apple');
    expect(await screen.findByText(/Exactly right — score 100%/)).toBeTruthy();
    expect(screen.getByText('Offline — will sync')).toBeTruthy();
    expect(screen.getByText('Set when this answer syncs')).toBeTruthy();
    expect(getAppState().cardCombo).toBe(1);
    await user.keyboard('{Enter}');
    await answer(user, 'a ca');
    expect(await screen.findByText(/Close — score 60%/)).toBeTruthy();
    expect(getAppState().cardCombo).toBe(0);
    expect(screen.getByTestId('answer-diff').querySelector('[data-kind="missing"]')).not.toBeNull();

    expect(screen.getByText('2 answers waiting to sync')).toBeTruthy();
    expect(reviewPosts(fetch)).toEqual([]);
    const kept = stored();
    expect(kept.map((entry) => [entry.cardId, entry.guess])).toEqual([
      ['card-1', 'the apple'],
      ['card-2', 'a ca'],
    ]);
    expect(kept.every((entry) => entry.elapsedMs >= 0)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const again = await screen.findByRole('button', { name: 'Study again' });
    expect((again as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/A new session starts once your answers have synced/)).toBeTruthy();

    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    expect(reviewPosts(fetch)).toEqual(
      kept.map(
        (entry) => `${entry.cardId} ${entry.guess} ${entry.clientReviewId} ${entry.elapsedMs}`,
      ),
    );
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
    // The server's combo (right, then wrong) is the truth.
    expect(getAppState().cardCombo).toBe(0);
    expect(localStorage.getItem(outboxStorageKey(userId))).toBeNull();
  });

  it('replaces the device result with the server result once it syncs', async () => {
    const { server } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    server.down = true;
    await answer(user, 'the apple');
    // The call failed on the network: kept with its id, scored here.
    expect(await screen.findByText('Offline — will sync')).toBeTruthy();
    expect(stored()).toHaveLength(1);

    server.down = false;
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.queryByText('Offline — will sync')).toBeNull());
    expect(screen.getByText('in 3 days')).toBeTruthy();
    expect(getAppState().cardCombo).toBe(1);
  });

  it('resends an answer whose call failed on the network with the same id and time', async () => {
    const { fetch, server } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    server.down = true;
    await answer(user, 'the apple');
    await screen.findByText('Offline — will sync');
    server.down = false;
    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    const attempts = fetch.mock.calls
      .filter(([input]) => input === '/api/study/reviews')
      .map(([, init]) => String(init?.body));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts).size).toBe(1);
  });

  it('undo of an unsent answer takes it out of the outbox', async () => {
    const { fetch } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    setOnline(false);
    await answer(user, 'the apple');
    await screen.findByText('Offline — will sync');
    expect(getAppState().cardCombo).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    const field = await screen.findByRole('textbox', { name: /your answer/i });
    expect((field as HTMLInputElement).value).toBe('');
    expect(stored()).toEqual([]);
    expect(getAppState().cardCombo).toBe(0);
    setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reviewPosts(fetch)).toEqual([]);
  });

  it('"I was right" on an unsent answer is sent right after it when back online', async () => {
    const { fetch } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    setOnline(false);
    await answer(user, 'banana');
    await screen.findByText(/(Not right|Partly right|Close) — score/);
    await user.click(screen.getByRole('button', { name: 'I was right' }));
    expect(await screen.findByText(/counted as right/)).toBeTruthy();
    expect(stored()[0]?.override).toBe(true);
    expect(getAppState().cardCombo).toBe(1);

    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    const [review, override] = reviewPosts(fetch);
    expect(review).toMatch(/^card-1 banana /);
    expect(override).toBe(`${review?.split(' ')[2]}/override`);
    await waitFor(() => expect(screen.queryByText('Offline — will sync')).toBeNull());
    expect(screen.getByText(/counted as right/)).toBeTruthy();
  });

  it('explains why undo waits for a connection once the answer reached the server', async () => {
    stubServer();
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    await screen.findByText(/(Exactly right|Right, with a slip) — score/);
    setOnline(false);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect((undo as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/need a connection: this answer has already reached the server/)).toBe(
      document.getElementById(undo.getAttribute('aria-describedby') ?? ''),
    );
  });
});
