import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId, useReducer } from 'react';
import { followDeviceTheme, setIsDark, useAppState } from '../../../lib/app-state';
import { readSavedTheme } from '../../../lib/theme';
import styles from '../settings.module.css';

type ThemeChoice = 'light' | 'dark' | 'device';

const choices: { value: ThemeChoice; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { value: 'light', label: msg`Light`, hint: msg`Dark text on a light background.` },
  {
    value: 'dark',
    label: msg`Dark`,
    hint: msg`Light text on a dark background, easier at night.`,
  },
  {
    value: 'device',
    label: msg`Same as this device`,
    hint: msg`Follows the light or dark setting of your system.`,
  },
];

function savedChoice(): ThemeChoice {
  const saved = readSavedTheme();
  return saved === null ? 'device' : saved ? 'dark' : 'light';
}

/**
 * Settings › the theme, the same as the header's toggler (which switches light and dark), plus
 * following the device. Kept in this browser (isDark), as the seed has it.
 */
export function AppearanceSection() {
  const titleId = useId();
  const { i18n } = useLingui();
  // Read from storage at each render: the header's toggler saves a choice too, and changes
  // isDark, which renders this again.
  useAppState((state) => state.isDark);
  // Following the device may keep the same theme (no change of isDark): render anyway.
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const choice = savedChoice();

  const choose = (next: ThemeChoice) => {
    if (next === 'device') followDeviceTheme();
    else setIsDark(next === 'dark');
    rerender();
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Appearance</Trans>
      </h2>
      <fieldset className={styles.choiceGroup}>
        <legend className={styles.choiceLegend}>
          <Trans>Theme</Trans>
        </legend>
        {choices.map((option) => (
          <label key={option.value} className={styles.choice}>
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={choice === option.value}
              onChange={() => choose(option.value)}
            />
            <span className={styles.choiceLabel}>{i18n._(option.label)}</span>
            <span className={styles.choiceHint}>{i18n._(option.hint)}</span>
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>
        <Trans>Kept in this browser. The sun and moon button in the header switches it too.</Trans>
      </p>
    </section>
  );
}
