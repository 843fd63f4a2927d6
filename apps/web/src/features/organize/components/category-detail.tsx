import { plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { Panel } from '../../../components/panel';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle, screenTitle } from '../../../lib/use-document-title';
import type { ExportFormat } from '@glossa/contract';
import { categoryQueryOptions, exportCategory, useLeaveCategory } from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './category-detail.module.css';
import { CategoryCards } from './category-cards';
import { CategoryFacts, CategorySettingsForm, visibilityText } from './category-settings-form';
import { CopiedFrom, JoinDeckButton, StrangersView } from './deck-sections';
import { MembersSection } from './members-section';
import { membershipLabel } from './tree-model';

/** Download buttons for the cards of a category (with its sub-categories). */
function ExportButtons({ categoryId }: { categoryId: string }) {
  const { t } = useLingui();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const onExport = async (format: ExportFormat) => {
    setPending(format);
    try {
      const name = await exportCategory(categoryId, format);
      toast.success(t`The cards were saved as ${name}.`);
    } catch (error) {
      toast.failure(
        error instanceof ApiError ? error.message : t`The cards could not be exported. Try again.`,
      );
    } finally {
      setPending(null);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        loading={pending === 'csv'}
        disabled={pending !== null}
        onClick={() => void onExport('csv')}
      >
        <Trans>Export CSV</Trans>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        loading={pending === 'json'}
        disabled={pending !== null}
        onClick={() => void onExport('json')}
      >
        <Trans>Export JSON</Trans>
      </Button>
    </>
  );
}

/** One category as the caller sees it (GET /api/categories/{id}), by what their role allows. */
export function CategoryDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const view = useQuery(categoryQueryOptions(id));
  const navigate = useNavigate();
  const leave = useLeaveCategory();
  const title = view.data?.category.name;
  useDocumentTitle(screenTitle(title !== undefined ? t`Organize › ${title}` : t`Organize`));

  if (view.isPending) return <PageSpinner label={t`Loading the category`} />;
  if (view.isError) {
    const missing = view.error instanceof ApiError && view.error.code === 'not_found';
    return (
      <EmptyState
        icon="organize"
        title={missing ? t`This category is not available` : t`The category could not be loaded`}
        action={
          <ButtonLink to={paths.app.organize.getHref()} variant="secondary">
            <Trans>All categories</Trans>
          </ButtonLink>
        }
      >
        <p>
          {missing
            ? t`It was deleted, or it is not shared with you.`
            : view.error instanceof ApiError
              ? view.error.message
              : t`Try again in a moment.`}
        </p>
      </EmptyState>
    );
  }

  const { category, permissions, ancestors, subcategories, copiedFrom, deck } = view.data;
  const owner = category.owner.username;
  const membership =
    deck?.joined && category.role === null ? t`Joined · from ${owner}` : membershipLabel(category);
  const ownTopLevel = permissions.manage && category.depth === 1;
  const learnerCount = deck?.learnerCount ?? 0;
  const cardsText = (cardCount: number) =>
    t`${plural(cardCount, { one: '# card', other: '# cards' })}`;

  const onLeave = async () => {
    try {
      await leave.mutateAsync(category.id);
    } catch (error) {
      toast.failure(error instanceof ApiError ? error.message : t`You could not leave it.`);
      return;
    }
    await navigate(paths.app.organize.getHref());
    const name = category.name;
    toast.success(t`You left “${name}”.`);
  };

  return (
    <article className={styles.detail} aria-labelledby="category-title">
      <header className={styles.detailHead}>
        {ancestors.length > 0 ? (
          <nav aria-label={t`Parent categories`}>
            <ol className={styles.breadcrumbs}>
              {ancestors.map((ancestor) => (
                <li key={ancestor.id}>
                  <Link to={paths.app.organizeCategory.getHref(ancestor.id)}>{ancestor.name}</Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h2 id="category-title" className={styles.detailTitle}>
          {category.name}
        </h2>
        <p className={styles.badges}>
          <span className={organizeStyles.badge}>
            <Icon
              name={
                category.visibility === 'public'
                  ? 'explore'
                  : category.visibility === 'shared'
                    ? 'user'
                    : 'organize'
              }
              size={14}
            />
            {i18n._(visibilityText[category.visibility].label)}
          </span>
          {membership ? (
            <span className={organizeStyles.badge} data-tone="member">
              <Icon name="user" size={14} />
              {membership}
            </span>
          ) : null}
          <span className={organizeStyles.badge}>
            <Icon name="card" size={14} />
            {cardsText(category.cardCount)}
          </span>
          {deck && permissions.manage ? (
            <span className={organizeStyles.badge}>
              <Icon name="user" size={14} />
              {t`${plural(learnerCount, {
                one: '# learner joined',
                other: '# learners joined',
              })}`}
            </span>
          ) : null}
        </p>
        {copiedFrom ? <CopiedFrom copiedFrom={copiedFrom} /> : null}
        {/* The badges' row layout (flex, wrapping, spaced) fits these buttons too. */}
        <div className={styles.badges}>
          <ExportButtons categoryId={category.id} />
          {permissions.leave ? (
            <Button variant="secondary" loading={leave.isPending} onClick={() => void onLeave()}>
              <Trans>Leave this category</Trans>
            </Button>
          ) : null}
          {deck && !permissions.manage ? (
            <JoinDeckButton id={category.id} name={category.name} joined={deck.joined} />
          ) : null}
        </div>
      </header>

      <Panel as="section" aria-labelledby="category-settings-title">
        <h3 id="category-settings-title" className={styles.sectionTitle}>
          {permissions.manage ? t`Settings` : t`About`}
        </h3>
        {permissions.manage ? (
          <CategorySettingsForm category={category} subcategoryCount={subcategories.length} />
        ) : (
          <CategoryFacts category={category} />
        )}
      </Panel>

      {ownTopLevel ? (
        <Panel as="section" aria-labelledby="category-strangers-title">
          <h3 id="category-strangers-title" className={styles.sectionTitle}>
            <Trans>In Explore</Trans>
          </h3>
          <StrangersView
            id={category.id}
            published={category.visibility === 'public'}
            learnerCount={deck?.learnerCount ?? 0}
          />
        </Panel>
      ) : null}

      <Panel as="section" aria-labelledby="category-children-title">
        <h3 id="category-children-title" className={styles.sectionTitle}>
          <Trans>Sub-categories</Trans>
        </h3>
        {subcategories.length === 0 ? (
          <p className={organizeStyles.muted}>
            <Trans>No sub-categories.</Trans>
          </p>
        ) : (
          <ul className={organizeStyles.cardList}>
            {subcategories.map((child) => (
              <li key={child.id} className={organizeStyles.cardRow}>
                <Link
                  to={paths.app.organizeCategory.getHref(child.id)}
                  className={organizeStyles.cardFront}
                >
                  {child.name}
                </Link>
                <span className={organizeStyles.muted}>{cardsText(child.cardCount)}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel as="section" aria-labelledby="category-cards-title">
        <h3 id="category-cards-title" className={styles.sectionTitle}>
          <Trans>Cards</Trans>
        </h3>
        <CategoryCards categoryId={category.id} />
      </Panel>

      {permissions.viewMembers ? (
        <Panel as="section" aria-labelledby="category-members-title">
          <h3 id="category-members-title" className={styles.sectionTitle}>
            <Trans>Members</Trans>
          </h3>
          {permissions.manage && category.visibility === 'private' ? (
            <p className={organizeStyles.muted}>
              <Trans>Make it shared or public to invite members.</Trans>
            </p>
          ) : null}
          <MembersSection
            categoryId={category.id}
            canManage={permissions.manage}
            canAdd={permissions.manage && category.visibility !== 'private'}
          />
        </Panel>
      ) : null}
    </article>
  );
}
