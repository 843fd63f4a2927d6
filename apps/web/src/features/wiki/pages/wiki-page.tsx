import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';

const parts = [
  { title: 'Studying', text: 'How a study session works, from prompt to score.' },
  { title: 'Scoring', text: 'How a typed guess is compared with the accepted answers.' },
  { title: 'The scheduler', text: 'When cards come back, with live curves of your settings.' },
  { title: 'Sharing', text: 'Members, roles and public categories.' },
  { title: 'Shortcuts', text: 'Every keyboard shortcut of the app.' },
  { title: 'Import and export', text: 'Bring cards in, and take all your data with you.' },
];

/** The wiki: help articles. */
export function WikiPage() {
  return (
    <Page title="Wiki" description={<p>Help on studying, scoring, scheduling and sharing.</p>}>
      <EmptyState icon="wiki" title="Articles are being written">
        <p>The articles arrive with the next release of Glossa, together with cards.</p>
      </EmptyState>
      <FeaturePreview heading="Articles to come" items={parts} />
    </Page>
  );
}

export default WikiPage;
