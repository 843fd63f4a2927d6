import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';
import { FormAlert } from './form/form-alert';

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

/**
 * The form's alert of a failed write: a refusal by the free plan (402 `plan_limit`) with the way
 * to upgrade, any other failure as `message` (nothing without one).
 */
export function PlanLimitAlert({
  error,
  message,
  onFollow,
}: {
  error: unknown;
  message?: ReactNode;
  /** Called as the upgrade link is followed (a dialog closes, or it would cover the tab). */
  onFollow?: () => void;
}) {
  const limit = planLimitError(error);
  return (
    <FormAlert message={limit ? <PlanLimitMessage error={limit} onFollow={onFollow} /> : message} />
  );
}
