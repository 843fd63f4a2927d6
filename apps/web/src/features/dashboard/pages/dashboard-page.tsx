import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { Panel } from '../../../components/panel';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import styles from './pages.module.css';

const sections = [
  { title: 'Due today', text: 'How many cards wait for you today, and how long they take.' },
  { title: 'Streak', text: 'The days in a row on which you studied.' },
  { title: 'Review heatmap', text: 'Every day of the past year, shaded by how much you studied.' },
  { title: 'Forecast', text: 'How many cards come back on each of the next days.' },
  { title: 'Retention', text: 'The share of answers you got right, by card age.' },
  { title: 'Best combos', text: 'Your longest runs of right answers in a row.' },
];

/** The dashboard: an honest frame until cards and study arrive. */
export function DashboardPage() {
  const { data: user } = useUser();
  return (
    <Page
      title="Dashboard"
      description={
        <p>{user ? `Welcome, ${user.username}. ` : ''}Your study at a glance, once you have cards.</p>
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
      <section aria-labelledby="dashboard-what">
        <h2 id="dashboard-what" className={styles.sectionTitle}>
          What this page will show
        </h2>
        <ul className={styles.grid}>
          {sections.map((section) => (
            <li key={section.title}>
              <Panel as="article" className={styles.tile}>
                <h3 className={styles.tileTitle}>{section.title}</h3>
                <p className={styles.tileText}>{section.text}</p>
              </Panel>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}

export default DashboardPage;
