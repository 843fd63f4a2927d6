import type { Card } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { languageLabel } from '../../../components/language-dropdown';
import { Page } from '../../../components/page';
import { Panel } from '../../../components/panel';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { categoryTreeQueryOptions } from '../../../lib/queries/category-tree';
import { cardQueryOptions } from '../api/card-requests';
import cardStyles from '../card.module.css';
import styles from './card-page.module.css';
import { CardEditor } from '../components/card-editor';
import { categoryOptions } from '../components/card-form';
import { CardSchedule } from '../components/card-schedule';
import { DeleteCardButton } from '../components/delete-card-button';
import { formatDateTime } from '../../../lib/dates';

function languageName(code: string): string {
  const language = findLanguage(code);
  return language ? languageLabel(language) : code;
}

function CardDetails({ card, categoryName }: { card: Card; categoryName: string }) {
  const from = findLanguage(card.fromLanguageCode);
  const to = findLanguage(card.toLanguageCode);
  const { t } = useLingui();
  return (
    <>
      <Panel as="section" aria-labelledby="card-sides">
        <h2 id="card-sides" className={cardStyles.sectionTitle}>
          <Trans>Sides</Trans>
        </h2>
        <p className={styles.front} lang={card.fromLanguageCode} dir={from?.direction ?? 'auto'}>
          {card.front}
        </p>
        <ul className={styles.answers} lang={card.toLanguageCode} dir={to?.direction ?? 'auto'}>
          {card.answers.map((answer, index) => (
            <li key={index}>{answer}</li>
          ))}
        </ul>
        {card.notes ? <p className={styles.notes}>{card.notes}</p> : null}
      </Panel>
      <Panel as="section" aria-labelledby="card-facts">
        <h2 id="card-facts" className={cardStyles.sectionTitle}>
          <Trans>Details</Trans>
        </h2>
        <dl className={cardStyles.facts}>
          <dt>
            <Trans>From</Trans>
          </dt>
          <dd>{languageName(card.fromLanguageCode)}</dd>
          <dt>
            <Trans>To</Trans>
          </dt>
          <dd>{languageName(card.toLanguageCode)}</dd>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{categoryName}</dd>
          <dt>
            <Trans>Asked</Trans>
          </dt>
          <dd>
            {card.asksReverse ? t`Both ways` : t`Front → answers only`}
            <span className={styles.factHint}>
              {card.reverse === 'inherit'
                ? ` ${t`(as its category says)`}`
                : card.reverse === 'on'
                  ? ` ${t`(its own choice: both ways)`}`
                  : ` ${t`(its own choice: one way)`}`}
            </span>
          </dd>
          <dt>
            <Trans>Created</Trans>
          </dt>
          <dd>{formatDateTime(card.createdAt)}</dd>
          <dt>
            <Trans>Updated</Trans>
          </dt>
          <dd>{formatDateTime(card.updatedAt)}</dd>
        </dl>
      </Panel>
    </>
  );
}

/** One card: its sides, languages and category, edited in place; the learner's schedule of it. */
export function CardPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const card = useQuery(cardQueryOptions(id));
  const categories = useQuery(categoryTreeQueryOptions());
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const [editing, setEditing] = useState(false);

  if (card.isPending) {
    return (
      <Page title={t`Card`}>
        <PageSpinner label={t`Loading the card`} />
      </Page>
    );
  }

  if (card.isError) {
    const notFound = card.error instanceof ApiError && card.error.code === 'not_found';
    return (
      <Page title={notFound ? t`Card not found` : t`Card`}>
        <EmptyState
          icon="card"
          title={notFound ? t`This card does not exist` : t`The card could not be loaded`}
          action={
            notFound ? (
              <ButtonLink to={paths.app.browse.getHref()} variant="secondary">
                <Trans>Back to browse</Trans>
              </ButtonLink>
            ) : (
              <Button variant="secondary" onClick={() => void card.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            )
          }
        >
          <p>
            {notFound
              ? t`It may have been deleted, or it belongs to someone who has not shared it with you.`
              : card.error.message}
          </p>
        </EmptyState>
      </Page>
    );
  }

  const data = card.data;
  const category = categories.data?.find((item) => item.id === data.categoryId);
  const categoryName =
    data.categoryId === null ? t`No category` : (category?.name ?? t`A category you cannot see`);
  const front = data.front;

  return (
    <Page
      title={data.front}
      documentTitle={t`Card › ${front}`}
      description={
        <p>
          {languageName(data.fromLanguageCode)} → {languageName(data.toLanguageCode)}
        </p>
      }
      actions={
        data.canEdit && !editing ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Trans>Edit</Trans>
            </Button>
            <DeleteCardButton id={data.id} front={data.front} />
          </>
        ) : null
      }
    >
      <div className={styles.layout}>
        {editing ? (
          <Panel as="section" aria-label={t`Edit card`}>
            <CardEditor card={data} categories={options} onDone={() => setEditing(false)} />
          </Panel>
        ) : (
          <CardDetails card={data} categoryName={categoryName} />
        )}
        <CardSchedule card={data} />
      </div>
    </Page>
  );
}

export default CardPage;
