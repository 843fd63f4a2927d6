import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language-pair';

describe('chooseLanguage', () => {
  it('sets one side', () => {
    expect(chooseLanguage({ from: 'es', to: 'en' }, 'from', 'fr')).toEqual({
      from: 'fr',
      to: 'en',
    });
    expect(chooseLanguage({ from: 'es', to: 'en' }, 'to', 'de')).toEqual({ from: 'es', to: 'de' });
  });

  it("swaps when the other side's language is chosen, instead of a pair of one language", () => {
    expect(chooseLanguage({ from: 'es', to: 'en' }, 'from', 'en')).toEqual({
      from: 'en',
      to: 'es',
    });
    expect(chooseLanguage({ from: 'es', to: 'en' }, 'to', 'es')).toEqual({ from: 'en', to: 'es' });
  });

  it('leaves an empty side empty on the other side (optional languages)', () => {
    expect(chooseLanguage({ from: '', to: 'en' }, 'from', 'en')).toEqual({ from: 'en', to: '' });
    expect(chooseLanguage({ from: 'es', to: '' }, 'to', '')).toEqual({ from: 'es', to: '' });
  });
});
