import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordMessages, passwordWeakness } from './password-rule';
import { createUserBodySchema, passwordSchema } from './user';

const identity = { username: 'john.smith', email: 'jsmith+glossa@example.org' };

describe('the password rule', () => {
  it('refuses spaces only, of any kind', () => {
    for (const password of [
      ' '.repeat(8),
      '\t'.repeat(9),
      '\u00a0'.repeat(8),
      '\u3000'.repeat(8),
    ]) {
      expect(passwordWeakness(password, identity)).toBe(passwordMessages.blank);
      expect(passwordSchema.safeParse(password).error?.issues[0]?.message).toBe(
        passwordMessages.blank,
      );
    }
  });

  it('refuses the username or the e-mail with only digits, symbols or spaces around or between', () => {
    const byUsername = ['john.smith', 'JOHN.SMITH', 'John.Smith1990!', 'johnsmith', '123johnsmith'];
    for (const password of [...byUsername, 'john.smith john.smith', '#johnsmith#johnsmith#']) {
      expect(passwordWeakness(password, identity), password).toBe(passwordMessages.username);
    }
    for (const password of [
      'jsmith+glossa@example.org',
      'JSMITH+GLOSSA',
      'jsmithglossa2024',
      '!!jsmith+glossa!!',
    ]) {
      expect(passwordWeakness(password, identity), password).toBe(passwordMessages.email);
    }
  });

  it('accepts a password with letters of its own beside the names', () => {
    for (const password of [
      'john.smith likes tea',
      'jsmith-blue-river',
      'correct horse battery staple',
      '83749201',
      'Пароль-из-слов',
    ]) {
      expect(passwordWeakness(password, identity), password).toBeUndefined();
    }
  });

  it('holds for any name: the name with non-letters around is refused, a letter more is not', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_.-]{2,20}$/);
    const filler = fc.stringMatching(/^[0-9!#$%&*. -]{0,6}$/);
    fc.assert(
      fc.property(
        name,
        filler,
        filler,
        fc.constantFrom('q', 'ж', 'é'),
        (username, before, after, letter) => {
          expect(passwordWeakness(`${before}${username}${after}`, { username })).toBe(
            passwordMessages.username,
          );
          expect(passwordWeakness(`${before}${username}${letter}${after}`, { username })).toBe(
            undefined,
          );
        },
      ),
    );
  });

  it('is the sign-up body schema’s rule, naming the password', () => {
    const result = createUserBodySchema.safeParse({
      username: 'anna_k',
      email: 'anna@example.com',
      password: 'Anna_K2025',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['password']);
    expect(result.error?.issues[0]?.message).toBe(passwordMessages.username);
  });
});
