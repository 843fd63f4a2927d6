import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';

const parts = [
  { title: 'Prompt', text: 'One side of a card; you type the other.' },
  { title: 'Score', text: 'Your guess scored by similarity, with the differences shown.' },
  { title: 'Combo', text: 'Right answers in a row, shown in the header.' },
  { title: 'Progress', text: 'How many cards are left in this session.' },
];

/** The study loop. */
export function StudyPage() {
  return (
    <Page title="Study" description={<p>Answer your due cards; Glossa schedules each one.</p>}>
      <EmptyState icon="study" title="Nothing to study yet">
        <p>Cards arrive with the next release of Glossa. Your due cards will appear here.</p>
      </EmptyState>
      <FeaturePreview items={parts} />
    </Page>
  );
}

export default StudyPage;
