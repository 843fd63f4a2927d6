import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadFeatureCatalogs } from '../../../lib/i18n';
import { days, duration, knownLevel, timesForgotten } from './schedule-format';

describe('the schedule in words', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('says durations, levels and lapses in English', async () => {
    await activateLocale('en');
    await loadFeatureCatalogs('card');
    expect([days(1), days(1.5), days(12)]).toEqual(['1 day', '1.5 days', '12 days']);
    expect([duration(0.01), duration(0.4), duration(20), duration(90), duration(800)]).toEqual([
      'less than an hour',
      'about 10 hours',
      'about 3 weeks',
      'about 3 months',
      'about 2 years',
    ]);
    expect([knownLevel(-1), knownLevel(8)]).toEqual(['Still learning', 'Mastered']);
    expect([0, 1, 2, 5].map(timesForgotten)).toEqual(['Never', 'Once', 'Twice', '5 times']);
  });

  it('says them in the interface language, with its plurals and units', async () => {
    await activateLocale('de');
    await loadFeatureCatalogs('card');
    expect([days(1), days(1.5)]).toEqual(['1 Tag', '1,5 Tage']);
    expect([duration(0.01), duration(1)]).toEqual(['weniger als eine Stunde', 'etwa 1 Tag']);
    expect(knownLevel(3)).toBe('Gelernt');
    expect([0, 1, 2, 5].map(timesForgotten)).toEqual(['Nie', 'Einmal', 'Zweimal', '5-mal']);
  });
});
