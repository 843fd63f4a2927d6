import type { PlanUsage, SubscriptionState, SubscriptionStatus, UserInfo } from '@glossa/contract';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form/form-alert';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/dates';
import { useOpenPortal, useStartCheckout, useSubscription } from '../api/subscription-requests';
import styles from '../settings.module.css';

const stateLabels: Record<SubscriptionState, string> = {
  off: 'Billing off',
  none: 'No subscription',
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Waiting for payment',
  incomplete_expired: 'Payment not completed',
  paused: 'Paused',
};

const limitLabels: Record<PlanUsage['name'], string> = {
  cards: 'Cards',
  categories: 'Categories',
};

function UsageRow({ usage }: { usage: PlanUsage }) {
  const label = limitLabels[usage.name];
  if (usage.limit === null) {
    return (
      <>
        <dt>{label}</dt>
        <dd>{usage.used.toLocaleString()} (no plan limit)</dd>
      </>
    );
  }
  const full = usage.used >= usage.limit;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <span>
          {usage.used.toLocaleString()} of {usage.limit.toLocaleString()}
        </span>
        <meter
          className={styles.usageMeter}
          min={0}
          max={usage.limit}
          low={usage.limit * 0.8}
          high={usage.limit * 0.95}
          optimum={0}
          value={Math.min(usage.used, usage.limit)}
          aria-label={`${label}: ${usage.used} of ${usage.limit} used`}
        />
        {full ? (
          <span className={`${styles.badge} ${styles.badgeWarning}`}>Limit reached</span>
        ) : null}
      </dd>
    </>
  );
}

/** Why the account has its plan, in a sentence. */
function explanation(status: SubscriptionStatus): string {
  if (!status.billing) {
    return 'Billing is off on this instance, so every account has premium: every feature, with no limit on cards, categories or members. There is nothing to pay and nothing to set up.';
  }
  if (status.isFreeloaded) {
    return 'An administrator of this instance granted your account premium without payment. It stays premium until they take it back, whatever happens to a subscription.';
  }
  if (status.graceUntil && status.plan === 'premium') {
    return `Your last payment failed. You keep premium until ${formatDate(status.graceUntil)} while the payment is retried; update your card in “Manage subscription” to keep it.`;
  }
  if (status.plan === 'premium') {
    return status.cancelAtPeriodEnd && status.periodEnd
      ? `Your subscription is cancelled and ends on ${formatDate(status.periodEnd)}; then the free plan’s limits apply. You can resume it until then.`
      : 'Premium: no plan limit on cards or categories. Thank you for supporting this instance.';
  }
  return 'The free plan limits how many cards and categories you own. Upgrade to premium to create without these limits; studying, sharing and explore stay free.';
}

/** Settings › subscription: the plan, its status, usage against each limit, upgrade and manage. */
export function SubscriptionPanel({ user }: { user: UserInfo }) {
  const subscription = useSubscription();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const [search] = useSearchParams();
  const returned = search.get('checkout');

  return (
    <section className={styles.section} aria-labelledby="subscription-title">
      <h2 id="subscription-title">Your plan</h2>
      {subscription.isPending ? (
        <Spinner label="Loading your plan" />
      ) : subscription.isError ? (
        <p role="alert">Your plan could not be loaded: {subscription.error.message}</p>
      ) : (
        <>
          {returned === 'success' && subscription.data.plan === 'free' ? (
            <FormAlert
              tone="info"
              message="Thank you: Stripe is confirming your payment. This page shows premium as soon as it is confirmed."
            />
          ) : null}
          {returned === 'cancelled' && subscription.data.plan === 'free' ? (
            <FormAlert tone="info" message="Checkout was cancelled: nothing was charged." />
          ) : null}
          <dl className={styles.facts}>
            <dt>Plan</dt>
            <dd>
              <span
                className={`${styles.badge} ${subscription.data.plan === 'premium' ? styles.badgeSuccess : styles.badgeNeutral}`}
              >
                {subscription.data.plan === 'premium' ? 'Premium' : 'Free'}
              </span>
              {user.isFreeloaded ? <span>granted by an administrator</span> : null}
            </dd>
            {subscription.data.billing ? (
              <>
                <dt>Status</dt>
                <dd>{stateLabels[subscription.data.status]}</dd>
              </>
            ) : null}
            {subscription.data.periodEnd ? (
              <>
                <dt>
                  {subscription.data.cancelAtPeriodEnd || subscription.data.status === 'canceled'
                    ? 'Ends'
                    : 'Renews'}
                </dt>
                <dd>{formatDate(subscription.data.periodEnd)}</dd>
              </>
            ) : null}
            {subscription.data.graceUntil ? (
              <>
                <dt>Premium until</dt>
                <dd>{formatDate(subscription.data.graceUntil)}</dd>
              </>
            ) : null}
          </dl>
          <p className={styles.muted}>{explanation(subscription.data)}</p>
          {subscription.data.billing ? (
            <>
              <h3>Usage</h3>
              <dl className={styles.facts}>
                {subscription.data.usage.map((usage) => (
                  <UsageRow key={usage.name} usage={usage} />
                ))}
              </dl>
            </>
          ) : null}
          {subscription.data.billing &&
          (subscription.data.plan === 'free' || subscription.data.status !== 'none') ? (
            <div className={styles.actions}>
              {subscription.data.plan === 'free' ? (
                <Button loading={checkout.isPending} onClick={() => checkout.mutate()}>
                  Upgrade to premium
                </Button>
              ) : null}
              {subscription.data.status !== 'none' ? (
                <Button
                  variant="secondary"
                  loading={portal.isPending}
                  onClick={() => portal.mutate()}
                >
                  Manage subscription
                </Button>
              ) : null}
            </div>
          ) : null}
          <FormAlert
            message={
              checkout.error
                ? `Checkout could not start: ${checkout.error.message}`
                : portal.error
                  ? `The subscription page could not open: ${portal.error.message}`
                  : undefined
            }
          />
        </>
      )}
    </section>
  );
}
