import type { UserInfo } from '@glossa/contract';
import { Spinner } from '../../../components/spinner';
import { useAccount } from '../../../lib/auth';
import styles from '../settings.module.css';

/** Settings › subscription: the plan and why the account has it. */
export function SubscriptionPanel({ user }: { user: UserInfo }) {
  const account = useAccount();

  return (
    <section className={styles.section} aria-labelledby="subscription-title">
      <h2 id="subscription-title">Your plan</h2>
      {account.isPending ? (
        <Spinner label="Loading your plan" />
      ) : account.isError ? (
        <p role="alert">Your plan could not be loaded: {account.error.message}</p>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>Plan</dt>
            <dd>
              <span
                className={`${styles.badge} ${account.data.plan === 'premium' ? styles.badgeSuccess : styles.badgeNeutral}`}
              >
                {account.data.plan === 'premium' ? 'Premium' : 'Free'}
              </span>
            </dd>
            <dt>Granted by</dt>
            <dd>
              {user.isFreeloaded
                ? 'An administrator'
                : account.data.plan === 'premium'
                  ? 'This instance'
                  : '—'}
            </dd>
          </dl>
          {user.isFreeloaded ? (
            <p className={styles.muted}>
              An administrator of this instance granted your account premium without payment. It
              stays premium until they take it back, whatever the billing settings.
            </p>
          ) : null}
          {account.data.plan === 'premium' && !user.isFreeloaded ? (
            <p className={styles.muted}>
              Billing is off on this instance, so every account has premium: every feature, with no
              limit on cards, categories or members. There is nothing to pay and nothing to set up.
            </p>
          ) : null}
          {account.data.plan === 'free' ? (
            <p className={styles.muted}>
              Your account is on the free plan. Some limits apply to how much you can create; the
              operator of this instance decides who gets premium.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
