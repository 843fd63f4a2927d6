import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import * as passwords from '../../security/passwords';

// The real functions, watched: an unknown login must still pay for one argon2 verification, at
// the app's cost, as a known one does. Counted rather than timed: a test never fails on time, and
// a wall-clock comparison failed on a busy machine.
// Spied on rather than mocked: test files share their modules within a worker, and a module
// that imported the real ones before this file ran would never see a mock.
vi.spyOn(passwords, 'verifyPassword');
vi.spyOn(passwords, 'verifyDummyPassword');

describe('sign-in time does not reveal whether a login exists', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The app's own cost: a known login must cost what the dummy verification does.
    t = await createTestApp({ passwordCost: passwords.owaspPasswordCost });
  });
  afterAll(async () => {
    await t.close();
    vi.mocked(passwords.verifyPassword).mockRestore();
    vi.mocked(passwords.verifyDummyPassword).mockRestore();
  });

  const login = (name: string, password: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { login: name, password } });

  it('verifies a password against a dummy hash for an unknown e-mail or username', async () => {
    vi.mocked(passwords.verifyPassword).mockClear();
    vi.mocked(passwords.verifyDummyPassword).mockClear();
    const res = await login('nobody-here@example.com', 'some password');
    expect(res.status).toBe(401);
    expect(passwords.verifyDummyPassword).toHaveBeenCalledTimes(1);
    expect(passwords.verifyDummyPassword).toHaveBeenCalledWith('some password');
    await login('nobody_here', 'some password');
    expect(passwords.verifyDummyPassword).toHaveBeenCalledTimes(2);
  });

  it('verifies the real hash for a known login', async () => {
    const user = await createUser(t);
    vi.mocked(passwords.verifyPassword).mockClear();
    vi.mocked(passwords.verifyDummyPassword).mockClear();
    await login(user.email, 'wrong password');
    expect(passwords.verifyPassword).toHaveBeenCalledTimes(1);
    expect(passwords.verifyDummyPassword).not.toHaveBeenCalled();
  });
});
