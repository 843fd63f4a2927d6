import { deckReportReasonSchema, exploreLimits, type DeckReportReason } from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useReportDeck } from '../api/explore-requests';
import exploreStyles from '../explore.module.css';
import styles from './report-deck.module.css';

const reasonText: Record<DeckReportReason, MessageDescriptor> = {
  abuse: msg`Abuse (spam, hateful or illegal content)`,
  wrong: msg`Wrong content (mistakes in the cards)`,
  other: msg`Something else`,
};

/** Report a deck to the admins: a reason and a message; it lands in their feedback queue. */
export function ReportDeck({ deckId, onDone }: { deckId: string; onDone(): void }) {
  const { i18n, t } = useLingui();
  const report = useReportDeck();
  const id = useId();
  const [reason, setReason] = useState<DeckReportReason>('wrong');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setError(t`Say what is wrong, so the admins can look at it.`);
      return;
    }
    setError(null);
    report.mutate(
      { id: deckId, body: { reason, message: message.trim() } },
      {
        onSuccess: () => {
          toast.success(t`Thank you: the admins will look at this deck.`);
          onDone();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError ? failure.message : t`The report could not be sent.`,
          ),
      },
    );
  };

  return (
    <form className={styles.report} onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.title}>
        <Trans>Report this deck</Trans>
      </h3>
      <fieldset className={styles.reasons}>
        <legend className={exploreStyles.label}>
          <Trans>Reason</Trans>
        </legend>
        {deckReportReasonSchema.options.map((value) => (
          <label key={value} className={styles.reason}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {i18n._(reasonText[value])}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-message`} className={exploreStyles.label}>
        <Trans>What is wrong</Trans>
      </label>
      <textarea
        id={`${id}-message`}
        className={exploreStyles.textarea}
        rows={3}
        maxLength={exploreLimits.reportMessageMax}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className={exploreStyles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={exploreStyles.actions}>
        <Button type="submit" variant="danger" loading={report.isPending}>
          <Trans>Send the report</Trans>
        </Button>
        <Button variant="ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
