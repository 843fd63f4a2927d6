import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';

const parts = [
  { title: 'Sides', text: 'The term, every accepted answer and your notes.' },
  {
    title: 'Languages and category',
    text: 'Which languages the card joins and where it is filed.',
  },
  { title: 'Schedule', text: 'When the card comes back and how well you know it.' },
  { title: 'History', text: 'Every answer you gave, with its score.' },
];

/** One card: sides, languages, category, schedule and review history. */
export function CardPage() {
  const { id = '' } = useParams();
  return (
    <Page title="Card" description={<p>One card with its schedule and history.</p>}>
      <EmptyState
        icon="card"
        title="This card is not available"
        action={
          <ButtonLink to={paths.app.dashboard.getHref()} variant="secondary">
            Back to the dashboard
          </ButtonLink>
        }
      >
        <p>Cards arrive with the next release of Glossa, so there is no card “{id}” to show yet.</p>
      </EmptyState>
      <FeaturePreview heading="What this page will show" items={parts} />
    </Page>
  );
}

export default CardPage;
