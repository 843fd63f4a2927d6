import type { CategoryMemberView } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { DeckPreviewContent } from '../../../components/deck-preview';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { strangersViewQueryOptions, useJoinDeck } from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './deck-sections.module.css';

/** "Copied from “Spanish verbs” by ada on 12 May 2026", with the deck's link in explore. */
export function CopiedFrom({
  copiedFrom,
}: {
  copiedFrom: NonNullable<CategoryMemberView['copiedFrom']>;
}) {
  const name = copiedFrom.name;
  const owner = copiedFrom.ownerUsername;
  const date = formatDate(copiedFrom.copiedAt);
  return (
    <p className={organizeStyles.muted}>
      <Trans>
        Copied from <Link to={paths.app.explore.getHref(copiedFrom.categoryId)}>“{name}”</Link> by{' '}
        {owner} on {date}. The copy is yours: changes to either one stay in it.
      </Trans>
    </p>
  );
}

/** Join or leave a public deck from its view (a reader who is not its owner). */
export function JoinDeckButton({
  id,
  name,
  joined,
}: {
  id: string;
  name: string;
  joined: boolean;
}) {
  const { t } = useLingui();
  const join = useJoinDeck();
  const onClick = () =>
    join.mutate(
      { id, join: !joined },
      {
        onSuccess: () =>
          toast.success(
            joined
              ? t`You left “${name}”: its cards left your queue, your history stays.`
              : t`You joined “${name}”: its cards are in your study queue.`,
          ),
        onError: (error) =>
          toast.failure(
            error instanceof ApiError ? error.message : t`That did not work. Try again.`,
          ),
      },
    );
  return (
    <Button variant={joined ? 'secondary' : 'primary'} loading={join.isPending} onClick={onClick}>
      {joined ? t`Leave this deck` : t`Join to study it`}
    </Button>
  );
}

/**
 * The owner's view of what publishing a top-level category shows strangers: whether it is listed
 * in explore, how many learners joined (never who), and a preview of exactly what they see.
 */
export function StrangersView({
  id,
  published,
  learnerCount,
}: {
  id: string;
  published: boolean;
  learnerCount: number;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const preview = useQuery({ ...strangersViewQueryOptions(id), enabled: open });
  return (
    <div className={styles.strangers}>
      <p className={organizeStyles.muted}>
        {published
          ? t`Published: listed in Explore for everyone signed in, who may preview it, join it (study it with their own schedule) or copy it. ${plural(
              learnerCount,
              { one: '# learner joined', other: '# learners joined' },
            )}; you see how many, never who.`
          : t`Not published. Make it public in its settings to list it in Explore: anyone signed in may then preview it, join it or copy it. Unpublishing hides it again at once; those who joined keep studying it only if they are members.`}
      </p>
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={`strangers-${id}`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t`Hide what strangers see` : t`Preview what strangers see`}
        </Button>
      </div>
      <div id={`strangers-${id}`} hidden={!open} className={styles.preview}>
        {!open ? null : preview.isPending ? (
          <Spinner size="sm" label={t`Loading the preview`} />
        ) : preview.isError ? (
          <p className={organizeStyles.error}>
            <Trans>The preview could not be loaded.</Trans>
          </p>
        ) : (
          <>
            <p className={organizeStyles.muted}>
              <Trans>
                Strangers see its name, description, languages and the cards below. Private
                sub-categories, and everything under them, stay hidden.
              </Trans>
            </p>
            <DeckPreviewContent preview={preview.data} headingLevel={4} />
          </>
        )}
      </div>
    </div>
  );
}
