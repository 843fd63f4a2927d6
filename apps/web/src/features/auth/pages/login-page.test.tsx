import { api } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, userFixture as user } from '../../../test/render';
import LoginPage from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server of a successful sign-in: the tokens, then the learner's info. */
function signedInServer() {
  return fakeApi()
    .on(api.auth.login, () => ok({ access: fakeToken('access'), refresh: fakeToken('refresh') }))
    .on(api.user.info, () => ok(user));
}

describe('login page', () => {
  it('shows a field error for an empty login without calling the server', async () => {
    const { fetch } = fakeApi();
    renderPage('/login', '/login', <LoginPage />);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const login = await screen.findByLabelText('Username or e-mail');
    expect(login.getAttribute('aria-invalid')).toBe('true');
    const describedBy = login.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Username or e-mail is required',
    );
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message when the credentials are wrong", async () => {
    const { fetch } = fakeApi().on(api.auth.login, () =>
      failure(401, 'unauthorized', 'Wrong username or password'),
    );
    renderPage('/login', '/login', <LoginPage />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'not my password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/auth/login');
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('signs in and follows a safe ?redirect=', async () => {
    const { fetch } = signedInServer();
    renderPage('/login', '/login?redirect=%2Fapp%2Fstudy', <LoginPage />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), ' ada ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/study'));
    const loginCall = fetch.mock.calls.find(([url]) => url === '/api/auth/login');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      login: 'ada',
      password: 'correct horse',
    });
    expect(readSession()?.decodedAccessToken.payload.userId).toBe('user-1');
  });

  it('ignores a redirect to another site and goes to the dashboard', async () => {
    signedInServer();
    renderPage('/login', '/login?redirect=%2F%2Fevil.example', <LoginPage />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/dashboard'));
  });
});
