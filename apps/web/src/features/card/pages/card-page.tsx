import type { Card } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
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
  return (
    <>
      <Panel as="section" aria-labelledby="card-sides">
        <h2 id="card-sides" className={cardStyles.sectionTitle}>
          Sides
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
          Details
        </h2>
        <dl className={cardStyles.facts}>
          <dt>From</dt>
          <dd>{languageName(card.fromLanguageCode)}</dd>
          <dt>To</dt>
          <dd>{languageName(card.toLanguageCode)}</dd>
          <dt>Category</dt>
          <dd>{categoryName}</dd>
          <dt>Asked</dt>
          <dd>
            {card.asksReverse ? 'Both ways' : 'Front → answers only'}
            <span className={styles.factHint}>
              {card.reverse === 'inherit'
                ? ' (as its category says)'
                : card.reverse === 'on'
                  ? ' (its own choice: both ways)'
                  : ' (its own choice: one way)'}
            </span>
          </dd>
          <dt>Created</dt>
          <dd>{formatDateTime(card.createdAt)}</dd>
          <dt>Updated</dt>
          <dd>{formatDateTime(card.updatedAt)}</dd>
        </dl>
      </Panel>
    </>
  );
}

/** One card: its sides, languages and category, edited in place; the learner's schedule of it. */
export function CardPage() {
  const { id = '' } = useParams();
  const card = useQuery(cardQueryOptions(id));
  const categories = useQuery(categoryTreeQueryOptions());
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data]);
  const [editing, setEditing] = useState(false);

  if (card.isPending) {
    return (
      <Page title="Card">
        <PageSpinner label="Loading the card" />
      </Page>
    );
  }

  if (card.isError) {
    const notFound = card.error instanceof ApiError && card.error.code === 'not_found';
    return (
      <Page title={notFound ? 'Card not found' : 'Card'}>
        <EmptyState
          icon="card"
          title={notFound ? 'This card does not exist' : 'The card could not be loaded'}
          action={
            notFound ? (
              <ButtonLink to={paths.app.browse.getHref()} variant="secondary">
                Back to browse
              </ButtonLink>
            ) : (
              <Button variant="secondary" onClick={() => void card.refetch()}>
                Try again
              </Button>
            )
          }
        >
          <p>
            {notFound
              ? 'It may have been deleted, or it belongs to someone who has not shared it with you.'
              : card.error.message}
          </p>
        </EmptyState>
      </Page>
    );
  }

  const data = card.data;
  const category = categories.data?.find((item) => item.id === data.categoryId);
  const categoryName =
    data.categoryId === null ? 'No category' : (category?.name ?? 'A category you cannot see');

  return (
    <Page
      title={data.front}
      documentTitle={`Card › ${data.front}`}
      description={
        <p>
          {languageName(data.fromLanguageCode)} → {languageName(data.toLanguageCode)}
        </p>
      }
      actions={
        data.canEdit && !editing ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <DeleteCardButton id={data.id} front={data.front} />
          </>
        ) : null
      }
    >
      <div className={styles.layout}>
        {editing ? (
          <Panel as="section" aria-label="Edit card">
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
