import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';

const parts = [
  { title: 'Every card', text: 'A table of all your cards that stays fast with thousands.' },
  { title: 'Sort and filter', text: 'By language, category, due date, or how well you know it.' },
  { title: 'Bulk actions', text: 'Move, suspend or delete many cards at once.' },
];

/** Browse: a table of all the learner's cards. */
export function BrowsePage() {
  return (
    <Page title="Browse" description={<p>All your cards in one sortable, filterable table.</p>}>
      <EmptyState icon="browse" title="No cards yet">
        <p>Cards arrive with the next release of Glossa. They will be listed here.</p>
      </EmptyState>
      <FeaturePreview items={parts} />
    </Page>
  );
}

export default BrowsePage;
