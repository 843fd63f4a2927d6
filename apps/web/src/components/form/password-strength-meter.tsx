import type { PasswordIdentity } from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { usePasswordStrength, type StrengthScore } from '../../lib/password-strength';
import styles from './password-strength-meter.module.css';

const labels: Record<StrengthScore, MessageDescriptor> = {
  0: msg`Very weak`,
  1: msg`Weak`,
  2: msg`Fair`,
  3: msg`Good`,
  4: msg`Strong`,
};
const tones: Record<StrengthScore, string | undefined> = {
  0: styles.weak,
  1: styles.weak,
  2: styles.fair,
  3: styles.strong,
  4: styles.strong,
};

/**
 * The strength of a new password as it is typed (zxcvbn-ts, loaded with the first form that shows
 * it), for sign-up, password change and reset. A meter role with its value in words for screen
 * readers; the word is also announced politely when it changes. Nothing is shown while the field
 * is empty.
 */
export function PasswordStrengthMeter({
  password,
  identity,
}: {
  password: string;
  identity?: PasswordIdentity;
}) {
  const { i18n } = useLingui();
  const strength = usePasswordStrength(password, identity);
  const labelId = useId();
  const adviceId = useId();
  if (strength === null) return <div className={styles.placeholder} />;
  const label = i18n._(labels[strength.score]);
  return (
    <div className={`${styles.meter} ${tones[strength.score] ?? ''}`}>
      <div className={styles.row}>
        <span id={labelId} className={styles.caption}>
          <Trans>Password strength:</Trans>
        </span>
        <span className={styles.value} aria-live="polite">
          {label}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength.score}
        aria-valuetext={label}
        aria-describedby={strength.advice ? adviceId : undefined}
        className={styles.bar}
      >
        {[0, 1, 2, 3].map((segment) => (
          <span
            key={segment}
            className={styles.segment}
            data-filled={segment < Math.max(1, strength.score) ? 'true' : 'false'}
          />
        ))}
      </div>
      {strength.advice ? (
        <p id={adviceId} className={styles.advice}>
          {strength.advice}
        </p>
      ) : null}
    </div>
  );
}
