import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';

const parts = [
  { title: 'Public categories', text: 'Categories that their owners published for everyone.' },
  { title: 'Preview', text: 'Look at the cards of a category before you take it.' },
  { title: 'Join', text: 'Study a category as a member; its owner keeps it up to date.' },
  { title: 'Copy', text: 'Make your own copy to change as you like.' },
];

/** Explore: public categories of other learners and teachers. */
export function ExplorePage() {
  return (
    <Page
      title="Explore"
      description={<p>Find categories that other learners and teachers share with everyone.</p>}
    >
      <EmptyState icon="explore" title="Nothing published yet">
        <p>
          Categories and cards arrive with the next release of Glossa. Public ones will be listed
          here.
        </p>
      </EmptyState>
      <FeaturePreview items={parts} />
    </Page>
  );
}

export default ExplorePage;
