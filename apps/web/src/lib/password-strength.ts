import { passwordWeakness, type PasswordIdentity } from '@glossa/contract/values';
import { useEffect, useState } from 'react';
import type { estimate as estimatePassword } from './password-estimator';

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: StrengthScore;
  /** What makes it weak, or the server's rule it breaks; null when nothing is to be said. */
  advice: string | null;
}

type Estimate = typeof estimatePassword;

let loading: Promise<Estimate> | undefined;

/** The zxcvbn-ts estimator, fetched once, the first time a password is typed into a form. */
export function loadEstimator(): Promise<Estimate> {
  loading ??= import('./password-estimator').then((module) => module.estimate);
  return loading;
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
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  // Fetched with the first character typed, not with the page: the estimator is about 450 kB
  // gzipped, and parsing it while the sign-up page opens blocked the page for a second on a
  // phone (decision 0031).
  const typed = password !== '';
  useEffect(() => {
    if (!typed) return;
    let active = true;
    loadEstimator().then(
      (loaded) => {
        if (active) setEstimate(() => loaded);
      },
      // Without the estimator (offline, a failed chunk) the form works on without a meter.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [typed]);
  if (password === '' || estimate === null) return null;
  const weakness = passwordWeakness(password, identity);
  if (weakness !== undefined) return { score: 0, advice: weakness };
  const inputs = [identity.username, identity.email].filter(
    (value): value is string => value !== undefined && value !== '',
  );
  const { score, warning, suggestion } = estimate(password, inputs);
  return { score, advice: warning ?? suggestion };
}
