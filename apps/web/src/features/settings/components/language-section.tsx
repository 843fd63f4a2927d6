import { interfaceLocaleNames, interfaceLocales } from '@glossa/contract/locales';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useInterfaceLocale } from '../../../lib/use-interface-locale';
import styles from '../settings.module.css';

/**
 * Settings › the interface language (decision 0037): the page switches at once and the choice is
 * stored with the learner, so mails and messages from the server use it too. Each language is
 * named in itself, so a learner lost in a language they do not read still finds theirs.
 */
export function LanguageSection() {
  const titleId = useId();
  const { locale, setLocale, isSaving } = useInterfaceLocale();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Language</Trans>
      </h2>
      <fieldset className={styles.choiceGroup} aria-busy={isSaving || undefined}>
        <legend className={styles.choiceLegend}>
          <Trans>Language of the interface</Trans>
        </legend>
        {interfaceLocales.map((code) => (
          <label key={code} className={styles.choice}>
            <input
              type="radio"
              name="interface-language"
              value={code}
              checked={locale === code}
              onChange={() => void setLocale(code)}
            />
            <span className={styles.choiceLabel} lang={code}>
              {interfaceLocaleNames[code]}
            </span>
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>
        <Trans>Also used for the e-mails Glossa sends you.</Trans>
      </p>
    </section>
  );
}
