/**
 * The rule a new password meets beyond its length, one for the server and the forms (decision
 * 0017): not spaces only, and not built from the account's username or e-mail address, that is,
 * the password is refused when taking every occurrence of the username, the address or the
 * address's name part (each also without its dots, hyphens and underscores, each at least three
 * characters) out of it leaves no letter: "anna", "Anna1990!", "anna.anna" and "john.smith#1"
 * for john.smith are refused; "anna likes tea" and "jsmith-blue-river" are not. Letters are
 * compared without case or accents' compatibility forms (NFKC). The server also refuses the most
 * common passwords, a list too large for the forms.
 */

/** Who the password is for: the names an attacker tries first. */
export interface PasswordIdentity {
  username?: string | undefined;
  email?: string | undefined;
}

export const passwordMessages = {
  blank: 'Your password cannot be only spaces: use letters, digits or symbols too.',
  username:
    'Your password is your username with only digits or symbols added, the first thing an attacker tries. Choose something else.',
  email:
    'Your password is your e-mail address with only digits or symbols added, the first thing an attacker tries. Choose something else.',
} as const;

const fold = (text: string) => text.normalize('NFKC').toLowerCase();
const withoutSeparators = (text: string) => text.replace(/[._\-+\s]/gu, '');
const hasLetter = (text: string) => /\p{L}/u.test(text);

/** The forms of a name the rule takes out of a password, longest first. */
function namesOf(values: (string | undefined)[]): string[] {
  const names = new Set<string>();
  for (const value of values) {
    if (value === undefined) continue;
    const name = fold(value.trim());
    for (const form of [name, withoutSeparators(name)]) if (form.length >= 3) names.add(form);
  }
  return [...names].sort((a, b) => b.length - a.length);
}

function builtFrom(password: string, names: string[]): boolean {
  if (names.length === 0) return false;
  let rest = fold(password);
  for (const name of names) rest = rest.split(name).join(' ');
  return rest !== fold(password) && !hasLetter(rest);
}

export const isBlankPassword = (password: string) => password.trim() === '';

/** Why this new password may not be used, or undefined when it may. */
export function passwordWeakness(
  password: string,
  identity: PasswordIdentity = {},
): string | undefined {
  return isBlankPassword(password) ? passwordMessages.blank : identityWeakness(password, identity);
}

/** The part of the rule that needs the account's names: whether the password is built from them. */
export function identityWeakness(password: string, identity: PasswordIdentity): string | undefined {
  if (builtFrom(password, namesOf([identity.username]))) return passwordMessages.username;
  const email = identity.email?.trim();
  const local = email?.includes('@') ? email.slice(0, email.lastIndexOf('@')) : undefined;
  if (builtFrom(password, namesOf([email, local]))) return passwordMessages.email;
  return undefined;
}
