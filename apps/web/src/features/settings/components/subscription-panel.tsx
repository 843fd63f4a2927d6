import type { PlanUsage, SubscriptionState, SubscriptionStatus, UserInfo } from '@glossa/contract';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form/form-alert';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/dates';
import { useOpenPortal, useStartCheckout, useSubscription } from '../api/subscription-requests';
import styles from '../settings.module.css';

const stateLabels: Record<SubscriptionState, MessageDescriptor> = {
  off: msg`Billing off`,
  none: msg`No subscription`,
  active: msg`Active`,
  trialing: msg`Trial`,
  past_due: msg`Payment failed`,
  unpaid: msg`Unpaid`,
  canceled: msg`Cancelled`,
  incomplete: msg`Waiting for payment`,
  incomplete_expired: msg`Payment not completed`,
  paused: msg`Paused`,
};

const limitLabels: Record<PlanUsage['name'], MessageDescriptor> = {
  cards: msg`Cards`,
  categories: msg`Categories`,
};

function UsageRow({ usage }: { usage: PlanUsage }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const label = i18n._(limitLabels[usage.name]);
  const used = i18n.number(usage.used);
  if (usage.limit === null) {
    return (
      <>
        <dt>{label}</dt>
        <dd>
          <Trans>{used} (no plan limit)</Trans>
        </dd>
      </>
    );
  }
  const full = usage.used >= usage.limit;
  const limit = i18n.number(usage.limit);
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <span>
          <Trans>
            {used} of {limit}
          </Trans>
        </span>
        <meter
          className={styles.usageMeter}
          min={0}
          max={usage.limit}
          low={usage.limit * 0.8}
          high={usage.limit * 0.95}
          optimum={0}
          value={Math.min(usage.used, usage.limit)}
          aria-label={t`${label}: ${used} of ${limit} used`}
        />
        {full ? (
          <span className={`${styles.badge} ${styles.badgeWarning}`}>
            <Trans>Limit reached</Trans>
          </span>
        ) : null}
      </dd>
    </>
  );
}

/** Why the account has its plan, in a sentence. */
function explanation(i18n: I18n, status: SubscriptionStatus): string {
  if (!status.billing) {
    return i18n._(
      msg`Billing is off on this instance, so every account has premium: every feature, with no limit on cards, categories or members. There is nothing to pay and nothing to set up.`,
    );
  }
  if (status.isFreeloaded) {
    return i18n._(
      msg`An administrator of this instance granted your account premium without payment. It stays premium until they take it back, whatever happens to a subscription.`,
    );
  }
  if (status.graceUntil && status.plan === 'premium') {
    const until = formatDate(status.graceUntil);
    return i18n._(
      msg`Your last payment failed. You keep premium until ${until} while the payment is retried; update your card in “Manage subscription” to keep it.`,
    );
  }
  if (status.plan === 'premium') {
    if (status.cancelAtPeriodEnd && status.periodEnd) {
      const end = formatDate(status.periodEnd);
      return i18n._(
        msg`Your subscription is cancelled and ends on ${end}; then the free plan’s limits apply. You can resume it until then.`,
      );
    }
    return i18n._(
      msg`Premium: no plan limit on cards or categories. Thank you for supporting this instance.`,
    );
  }
  return i18n._(
    msg`The free plan limits how many cards and categories you own. Upgrade to premium to create without these limits; studying, sharing and explore stay free.`,
  );
}

/** Settings › subscription: the plan, its status, usage against each limit, upgrade and manage. */
export function SubscriptionPanel({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const subscription = useSubscription();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const [search] = useSearchParams();
  const returned = search.get('checkout');
  const errorMessage = subscription.error?.message;
  const checkoutError = checkout.error?.message;
  const portalError = portal.error?.message;

  return (
    <section className={styles.section} aria-labelledby="subscription-title">
      <h2 id="subscription-title">
        <Trans>Your plan</Trans>
      </h2>
      {subscription.isPending ? (
        <Spinner label={t`Loading your plan`} />
      ) : subscription.isError ? (
        <p role="alert">
          <Trans>Your plan could not be loaded: {errorMessage}</Trans>
        </p>
      ) : (
        <>
          {returned === 'success' && subscription.data.plan === 'free' ? (
            <FormAlert
              tone="info"
              message={t`Thank you: Stripe is confirming your payment. This page shows premium as soon as it is confirmed.`}
            />
          ) : null}
          {returned === 'cancelled' && subscription.data.plan === 'free' ? (
            <FormAlert tone="info" message={t`Checkout was cancelled: nothing was charged.`} />
          ) : null}
          <dl className={styles.facts}>
            <dt>
              <Trans>Plan</Trans>
            </dt>
            <dd>
              <span
                className={`${styles.badge} ${subscription.data.plan === 'premium' ? styles.badgeSuccess : styles.badgeNeutral}`}
              >
                {subscription.data.plan === 'premium' ? t`Premium` : t`Free`}
              </span>
              {user.isFreeloaded ? (
                <span>
                  <Trans>granted by an administrator</Trans>
                </span>
              ) : null}
            </dd>
            {subscription.data.billing ? (
              <>
                <dt>
                  <Trans>Status</Trans>
                </dt>
                <dd>{i18n._(stateLabels[subscription.data.status])}</dd>
              </>
            ) : null}
            {subscription.data.periodEnd ? (
              <>
                <dt>
                  {subscription.data.cancelAtPeriodEnd || subscription.data.status === 'canceled'
                    ? t`Ends`
                    : t`Renews`}
                </dt>
                <dd>{formatDate(subscription.data.periodEnd)}</dd>
              </>
            ) : null}
            {subscription.data.graceUntil ? (
              <>
                <dt>
                  <Trans>Premium until</Trans>
                </dt>
                <dd>{formatDate(subscription.data.graceUntil)}</dd>
              </>
            ) : null}
          </dl>
          <p className={styles.muted}>{explanation(i18n, subscription.data)}</p>
          {subscription.data.billing ? (
            <>
              <h3>
                <Trans>Usage</Trans>
              </h3>
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
                  <Trans>Upgrade to premium</Trans>
                </Button>
              ) : null}
              {subscription.data.status !== 'none' ? (
                <Button
                  variant="secondary"
                  loading={portal.isPending}
                  onClick={() => portal.mutate()}
                >
                  <Trans>Manage subscription</Trans>
                </Button>
              ) : null}
            </div>
          ) : null}
          <FormAlert
            message={
              checkoutError !== undefined
                ? t`Checkout could not start: ${checkoutError}`
                : portalError !== undefined
                  ? t`The subscription page could not open: ${portalError}`
                  : undefined
            }
          />
        </>
      )}
    </section>
  );
}
