import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  assertAcceptablePassword,
  hashPassword,
  isCommonPassword,
  verifyDummyPassword,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and the OWASP parameters, and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery ')).toBe(false);
    expect(await verifyDummyPassword('correct horse battery')).toBe(false);
  });

  it('hashes at a lower cost only when asked, still argon2id and verified the same way', async () => {
    const hash = await hashPassword('correct horse battery', { memoryCost: 1024, timeCost: 1 });
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery ')).toBe(false);
  });

  it('ships at least 1,000 common passwords of 8 or more characters', () => {
    const lines = fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThanOrEqual(1000);
    expect(lines.every((line) => line.length >= 8)).toBe(true);
  });

  it('recognises common passwords in any case, and not a passphrase', () => {
    for (const password of ['password', 'PASSWORD1', 'Qwertyuiop', 'iloveyou', '12345678']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('violet tram under the bridge')).toBe(false);
  });

  it('throws invalid_input naming the field for a common password', () => {
    expect(() => assertAcceptablePassword('password123', {}, 'newPassword')).toThrow(
      expect.objectContaining({
        code: 'invalid_input',
        issues: [expect.objectContaining({ path: 'newPassword' })],
      }),
    );
    expect(() => assertAcceptablePassword('violet tram under the bridge', {})).not.toThrow();
  });

  it("throws invalid_input naming the field for spaces only or the account's own names", () => {
    const identity = { username: 'marta.k', email: 'marta.kowalska@example.com' };
    for (const password of [
      ' '.repeat(8),
      'Marta.K2024!',
      'martak-martak',
      'marta.kowalska@example.com',
    ]) {
      expect(() => assertAcceptablePassword(password, identity), password).toThrow(
        expect.objectContaining({
          code: 'invalid_input',
          issues: [expect.objectContaining({ path: 'password' })],
        }),
      );
    }
    expect(() => assertAcceptablePassword('marta plays the cello', identity)).not.toThrow();
  });
});
