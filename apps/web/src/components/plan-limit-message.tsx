import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';

/** The 402 `plan_limit` of a create, or undefined for any other failure. */
export function planLimitError(error: unknown): ApiError | undefined {
  return error instanceof ApiError && error.code === 'plan_limit' ? error : undefined;
}

/**
 * What a create refused by the free plan tells (inside the form's alert): which limit, and the
 * way to premium (the subscription tab, whose Upgrade button starts Checkout).
 */
export function PlanLimitMessage({
  error,
  onFollow,
}: {
  error: ApiError;
  /** Called as the link is followed (a dialog closes, or it would cover the tab). */
  onFollow?: () => void;
}) {
  return (
    <>
      <strong>
        <Trans>Free plan limit reached.</Trans>
      </strong>{' '}
      {error.message}.{' '}
      <Link to="/app/settings/subscription" onClick={onFollow}>
        <Trans>See your plan and upgrade</Trans>
      </Link>
    </>
  );
}
