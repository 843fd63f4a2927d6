import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';

const parts = [
  { title: 'Due today', text: 'How many cards wait for you today, and about how long they take.' },
  { title: 'Streak', text: 'The days in a row on which you studied.' },
  { title: 'Review heatmap', text: 'Every day of the past year, shaded by how much you studied.' },
  { title: 'Forecast', text: 'How many cards come back on each of the next days.' },
  { title: 'Retention', text: 'The share of answers you got right, by how well you know a card.' },
  { title: 'Best combos', text: 'Your longest runs of right answers in a row.' },
];

/** The dashboard: an honest frame until cards and study arrive. */
export function DashboardPage() {
  const { data: user } = useUser();
  return (
    <Page
      title="Dashboard"
      description={
        <p>
          {user ? `Welcome, ${user.username}. ` : ''}Your study at a glance, once you have cards.
        </p>
      }
    >
      <EmptyState
        icon="card"
        title="No cards yet"
        action={
          <ButtonLink to={paths.app.settings.getHref()} variant="secondary">
            Set your languages
          </ButtonLink>
        }
      >
        <p>
          Cards arrive with the next release of Glossa. Until then you can choose the languages you
          learn and tune the scheduler in your settings.
        </p>
      </EmptyState>
      <FeaturePreview heading="What this page will show" items={parts} />
    </Page>
  );
}

export default DashboardPage;
