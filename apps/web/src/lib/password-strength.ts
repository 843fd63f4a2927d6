import { passwordWeakness, type PasswordIdentity } from '@glossa/contract/values';
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import type * as EstimatorModule from './password-estimator';
import type { Estimator } from './password-estimator';

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: StrengthScore;
  /** What makes it weak, or the server's rule it breaks; null when nothing is to be said. */
  advice: string | null;
}

let loading: Promise<typeof EstimatorModule> | undefined;

/**
 * The zxcvbn-ts estimator, fetched once, the first time a password is typed into a form, with its
 * advice and the contract's messages in the interface's language (password-estimator.ts).
 */
export async function loadEstimator(locale = 'en'): Promise<Estimator> {
  loading ??= import('./password-estimator');
  const module = await loading.catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return module.estimatorIn(locale);
}

/**
 * How strong a new password is while it is typed: zxcvbn-ts's estimate, with the contract's rule
 * (spaces only, built from the username or e-mail) as the weakest score and its message, so the
 * meter never calls strong what the server refuses. Null before the estimator has loaded or
 * while the field is empty.
 */
export function usePasswordStrength(
  password: string,
  identity: PasswordIdentity = {},
): PasswordStrength | null {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [estimator, setEstimator] = useState<Estimator | null>(null);
  // Fetched with the first character typed, not with the page: the estimator is about 450 kB
  // gzipped, and parsing it while the sign-up page opens blocked the page for a second on a
  // phone (decision 0031).
  const typed = password !== '';
  useEffect(() => {
    if (!typed) return;
    let active = true;
    loadEstimator(locale).then(
      (loaded) => {
        if (active) setEstimator(loaded);
      },
      // Without the estimator (offline, a failed chunk) the form works on without a meter.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [typed, locale]);
  if (password === '' || estimator === null) return null;
  const weakness = passwordWeakness(password, identity);
  if (weakness !== undefined) return { score: 0, advice: estimator.translate(weakness) };
  const inputs = [identity.username, identity.email].filter(
    (value): value is string => value !== undefined && value !== '',
  );
  const { score, warning, suggestion } = estimator.estimate(password, inputs);
  return { score, advice: warning ?? suggestion };
}
