import { api } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { readSession, saveSession } from '../../../lib/session';
import { fakeApi, file } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver } from '../../../test/render';
import { ExportMenu } from './export-menu';

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAppStateForTests();
});

describe('export menu', () => {
  it('downloads all cards as JSON with the bearer and saves the file under its name', async () => {
    const { fetch } = fakeApi().on(api.cards.export, () =>
      file('[]', 'application/json', 'glossa-cards-2026-11-21.json'),
    );
    const createObjectURL = vi.fn(() => 'blob:cards');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });

    const user = userEvent.setup();
    renderPage('*', '/app/browse', <ExportMenu />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'All cards as JSON' }));

    await waitFor(() => expect(names).toEqual(['glossa-cards-2026-11-21.json']));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cards/export?format=json');
    expect((init.headers as Record<string, string>).Authorization).toBe(
      `Bearer ${btoa(readSession()?.encodedAccessToken ?? '')}`,
    );
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(getAppState().successToast?.body).toContain('glossa-cards-2026-11-21.json');
  });
});
