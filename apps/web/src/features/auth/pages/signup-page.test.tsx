import { api, passwordMessages } from '@glossa/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { activateLocale, loadFeatureCatalogs } from '../../../lib/i18n';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, userFixture } from '../../../test/render';
import SignupPage from './signup-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAppStateForTests();
});

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Username'), 'ada');
  await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery');
  await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
}

describe('signup page', () => {
  it('shows a taken username (409) at the username field', async () => {
    fakeApi().on(api.user.create, () =>
      failure(409, 'conflict', 'This username is taken', [
        { path: 'username', message: 'This username is already taken' },
      ]),
    );
    renderPage('/signup', '/signup', <SignupPage />);

    await fillAndSubmit();

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (username.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('This username is already taken');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('prefills the languages from the browser and sends them', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    const { fetch } = fakeApi()
      .on(api.user.create, () => ok(null, 201))
      .on(api.auth.login, () => ok({ access: fakeToken('access'), refresh: fakeToken('refresh') }))
      .on(api.user.info, () => ok(userFixture));
    renderPage('/signup', '/signup', <SignupPage />);

    await fillAndSubmit();

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/dashboard'));
    const create = fetch.mock.calls.find(([url]) => url === '/api/user/create');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
      defaultFromLanguageCode: 'en',
      toLanguageCode: 'de',
    });
    expect(getAppState().successToast?.body).toBe('Check your inbox to verify your e-mail');
  });

  it('shows a "check your inbox" panel when signing in after sign-up fails', async () => {
    fakeApi()
      .on(api.user.create, () => ok(null, 201))
      .on(api.auth.login, () => failure(401, 'unauthorized', 'Wrong username or password'));
    renderPage('/signup', '/signup', <SignupPage />);

    await fillAndSubmit();

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/signup');
  });

  it('shows the strength meter while typing and refuses a password built from the username, sending nothing', async () => {
    const { fetch } = fakeApi();
    renderPage('/signup', '/signup', <SignupPage />);

    await userEvent.type(screen.getByLabelText('Username'), 'ada_lovelace');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Ada_Lovelace1815');
    const meter = await screen.findByRole('meter', { name: 'Password strength:' });
    expect(meter.getAttribute('aria-valuetext')).toBe('Very weak');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (password.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      passwordMessages.username,
    );
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(password);
    await userEvent.type(password, 'eight quiet owls over the harbour');
    await waitFor(() =>
      expect(
        screen.getByRole('meter', { name: 'Password strength:' }).getAttribute('aria-valuetext'),
      ).toBe('Strong'),
    );
  });
});

/** The texts that describe a field (its hint, its error). */
function describedTexts(field: HTMLElement) {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent);
}

describe('signup page in German', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('shows the contract’s messages in German, checked in the browser before anything is sent', async () => {
    // As main.tsx and the router do on a device whose language is German.
    await activateLocale('de');
    await loadFeatureCatalogs('auth', 'signup');
    const { fetch } = fakeApi();
    renderPage('/signup', '/signup', <SignupPage />);

    // No username, a password too short.
    await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Passwort'), 'owl');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    const password = screen.getByLabelText('Passwort');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(describedTexts(password)).toContain('Das Passwort muss mindestens 8 Zeichen lang sein');
    // A shape of the contract's ("<label> must be at least <min> characters") with its label.
    expect(describedTexts(screen.getByLabelText('Benutzername'))).toContain(
      'Benutzername muss mindestens 3 Zeichen lang sein',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the interface language, and shows the server’s messages as it words them', async () => {
    await activateLocale('de');
    await loadFeatureCatalogs('auth', 'signup');
    // The server translates its envelope into the request's Accept-Language (decision 0037).
    const taken =
      'Dieser Benutzername ist vergeben oder sieht einem vergebenen zum Verwechseln ähnlich: Wähle einen anderen';
    const { fetch } = fakeApi().on(api.user.create, () =>
      failure(409, 'conflict', taken, [{ path: 'username', message: taken }]),
    );
    renderPage('/signup', '/signup', <SignupPage />);

    await userEvent.type(screen.getByLabelText('Benutzername'), 'ada');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Passwort'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    const username = screen.getByLabelText('Benutzername');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(describedTexts(username)).toContain(taken);
    const create = fetch.mock.calls.find(([url]) => url === '/api/user/create');
    expect(new Headers(create?.[1]?.headers).get('Accept-Language')).toBe('de');
  });
});

describe('signup page, the language changed with errors on screen', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('shows the page’s own check’s errors in the new language at once, and no new error', async () => {
    // As the router does: the page's catalogs loaded, so that a change loads them in the new language.
    await loadFeatureCatalogs('auth', 'signup');
    const { fetch } = fakeApi();
    renderPage('/signup', '/signup', <SignupPage />);
    // No username, a password too short, a valid e-mail.
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'owl');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() =>
      expect(describedTexts(screen.getByLabelText('Password'))).toContain(
        'Password must be at least 8 characters',
      ),
    );
    expect(describedTexts(screen.getByLabelText('Username'))).toContain(
      'Username must be at least 3 characters',
    );

    // As the language menu and settings do.
    await act(() => activateLocale('de'));

    await waitFor(() =>
      expect(describedTexts(screen.getByLabelText('Passwort'))).toContain(
        'Das Passwort muss mindestens 8 Zeichen lang sein',
      ),
    );
    expect(describedTexts(screen.getByLabelText('Benutzername'))).toContain(
      'Benutzername muss mindestens 3 Zeichen lang sein',
    );
    const email = screen.getByLabelText('E-Mail');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(email.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the server’s error at its field: the page’s check cannot say it again', async () => {
    await loadFeatureCatalogs('auth', 'signup');
    const { fetch } = fakeApi().on(api.user.create, () =>
      failure(409, 'conflict', 'This username is taken', [
        { path: 'username', message: 'This username is already taken' },
      ]),
    );
    renderPage('/signup', '/signup', <SignupPage />);
    await fillAndSubmit();
    await waitFor(() =>
      expect(describedTexts(screen.getByLabelText('Username'))).toContain(
        'This username is already taken',
      ),
    );

    await act(() => activateLocale('de'));

    const username = await screen.findByLabelText('Benutzername');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(describedTexts(username)).toContain('This username is already taken');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
