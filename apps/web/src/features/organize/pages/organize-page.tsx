import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { Page } from '../../../components/page';
import { Panel } from '../../../components/panel';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { categoryTreeWithCountQueryOptions } from '../../../lib/queries/category-tree';
import { CategoryDetail } from '../components/category-detail';
import { CategoryTree } from '../components/category-tree';
import { JoinedDecks } from '../components/joined-decks';
import organizeStyles from '../organize.module.css';
import styles from './organize-page.module.css';

/** Organize: the category tree beside one category (/app/organize/{id}). */
export function OrganizePage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { t } = useLingui();
  const tree = useQuery(categoryTreeWithCountQueryOptions());
  // At phone width the tree sits above the category; with a category open it starts folded.
  const [treeOpen, setTreeOpen] = useState(id === undefined);
  // The tree lists a few thousand categories at most, those nearest to the top first
  // (docs/limits.md); the deeper ones are in the view of the category above them.
  const omittedText = (omitted: number) =>
    t`${plural(omitted, {
      one: '# more category is not listed here.',
      other: '# more categories are not listed here.',
    })} Open the category above them to see them.`;

  return (
    <Page
      title={t`Organize`}
      description={
        <p>
          <Trans>Your categories, the ones shared with you, and the decks you joined.</Trans>
        </p>
      }
    >
      <div className={styles.layout}>
        <Panel as="section" aria-label={t`Category tree`} className={styles.treeColumn}>
          <button
            type="button"
            className={styles.treeDisclosure}
            aria-expanded={treeOpen}
            aria-controls="category-tree-body"
            onClick={() => setTreeOpen((open) => !open)}
          >
            <Icon
              name="chevronDown"
              size={18}
              className={treeOpen ? undefined : organizeStyles.collapsed}
            />
            {treeOpen ? t`Hide categories` : t`Show categories`}
          </button>
          <div
            id="category-tree-body"
            className={styles.treeBody}
            data-folded={!treeOpen || undefined}
          >
            {tree.isPending ? (
              <Spinner label={t`Loading your categories`} />
            ) : tree.isError ? (
              <div role="alert" className={organizeStyles.stack}>
                <p className={organizeStyles.error}>
                  {tree.error instanceof ApiError
                    ? tree.error.message
                    : t`Your categories could not be loaded.`}
                </p>
                <Button variant="secondary" onClick={() => void tree.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </div>
            ) : (
              <>
                <CategoryTree
                  items={tree.data.items}
                  currentId={id}
                  onOpen={(next) => void navigate(paths.app.organizeCategory.getHref(next))}
                  onCurrentDeleted={() => void navigate(paths.app.organize.getHref())}
                />
                {tree.data.omitted > 0 ? (
                  <p className={styles.omitted}>{omittedText(tree.data.omitted)}</p>
                ) : null}
              </>
            )}
            <JoinedDecks currentId={id} />
          </div>
        </Panel>
        <div className={styles.detailColumn}>
          {id !== undefined ? (
            <CategoryDetail key={id} id={id} />
          ) : (
            <EmptyState icon="organize" title={t`Choose a category`}>
              <p>
                <Trans>
                  Open a category in the tree to see its cards, members and settings, or create one.
                </Trans>
              </p>
            </EmptyState>
          )}
        </div>
      </div>
    </Page>
  );
}

export default OrganizePage;
