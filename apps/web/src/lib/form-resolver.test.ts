import { usernameSchema } from '@glossa/contract';
import { renderHook, waitFor } from '@testing-library/react';
import type { FieldErrors } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { I18nWrapper } from '../test/i18n';
import { useContractMessages } from './contract-messages';
import { formResolver } from './form-resolver';
import { activateLocale, i18n } from './i18n';

const schema = z.object({
  username: usernameSchema,
  answers: z.array(z.string().min(1, { error: 'An answer cannot be empty' })),
  // The web's own message (Lingui's, in the real forms): not the contract's, kept as it is.
  color: z.string().min(1, { error: 'Pick a colour' }),
});

async function errorsOf(values: unknown): Promise<FieldErrors> {
  const resolve = formResolver(schema);
  const result = await resolve(values as z.input<typeof schema>, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return result.errors;
}

describe('formResolver', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('gives the contract’s messages in the interface’s language, nested ones too', async () => {
    await activateLocale('de');
    const errors = await errorsOf({ username: 'a'.repeat(33), answers: ['ja', ''], color: '' });
    expect(errors.username?.message).toBe('Benutzername darf höchstens 32 Zeichen lang sein');
    expect((errors.answers as unknown as FieldErrors[])[1]?.message).toBe(
      'Eine Antwort darf nicht leer sein',
    );
    expect(errors.color?.message).toBe('Pick a colour');
    // A value of another type: the contract's "<label> must be text", with its label.
    const typed = await errorsOf({ username: 7, answers: [], color: 'red' });
    expect(typed.username?.message).toBe('Benutzername muss Text sein');
  });

  it('leaves them in English in English, and passes valid values through', async () => {
    await activateLocale('en');
    const errors = await errorsOf({ username: 'ab', answers: [], color: 'red' });
    expect(errors.username?.message).toBe('Username must be at least 3 characters');
    await activateLocale('fr');
    const resolve = formResolver(schema);
    const valid = await resolve({ username: 'ada', answers: ['oui'], color: 'red' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(valid).toEqual({
      values: { username: 'ada', answers: ['oui'], color: 'red' },
      errors: {},
    });
  });
});

describe('formResolver and a change of language', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('ends in the language active when it ends: a check started before a change is made again', async () => {
    await activateLocale('fr');
    // Both tables loaded, so that the change below comes while the check is on its way.
    expect((await errorsOf({ username: 'ab', answers: [], color: 'red' })).username?.message).toBe(
      'Nom d’utilisateur doit comporter au moins 3 caractères',
    );
    await activateLocale('de');
    const checking = errorsOf({ username: 'ab', answers: [], color: 'red' });
    i18n.activate('fr');
    expect((await checking).username?.message).toBe(
      'Nom d’utilisateur doit comporter au moins 3 caractères',
    );
  });
});

describe('useContractMessages', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('translates a contract’s message shown outside a form once its table has loaded', async () => {
    await activateLocale('es');
    const { result } = renderHook(() => useContractMessages(), { wrapper: I18nWrapper });
    await waitFor(() =>
      expect(result.current('Enter a number from 0 to 5')).toBe('Escribe un número de 0 a 5'),
    );
  });
});
