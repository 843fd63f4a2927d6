import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';

const parts = [
  { title: 'Your cards', text: 'Find a card by its term, an answer or its notes, in any script.' },
  { title: 'Shared with you', text: 'Cards of the categories you are a member of.' },
  { title: 'Categories', text: 'Your categories, shared ones and the ones you joined.' },
];

/** Search across own, shared and joined cards and categories. */
export function SearchPage() {
  return (
    <Page
      title="Search"
      description={<p>Search across your cards and categories and the ones shared with you.</p>}
    >
      <EmptyState icon="search" title="Nothing to search yet">
        <p>Cards and categories arrive with the next release of Glossa.</p>
      </EmptyState>
      <FeaturePreview items={parts} />
    </Page>
  );
}

export default SearchPage;
