import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import * as passwords from '../../security/passwords';

// The real functions, watched: an unknown login must still pay for one argon2 verification.
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

  async function medianMs(run: () => Promise<unknown>): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[2] ?? 0;
  }

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

  it('takes a comparable time for an unknown login and a wrong password (generous bound)', async () => {
    const user = await createUser(t);
    await login('warm-up@example.com', 'x');
    const unknown = await medianMs(() => login('nobody-else@example.com', 'wrong password'));
    const known = await medianMs(() => login(user.email, 'wrong password'));
    // Both cost one argon2id verification; a missing one would be two orders of magnitude faster.
    expect(unknown).toBeGreaterThan(known / 4);
    expect(known).toBeGreaterThan(unknown / 4);
  });
});
