import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FeaturePreview } from '../../../components/feature-preview';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';

const treeParts = [
  { title: 'Category tree', text: 'File your cards in categories inside categories.' },
  { title: 'Sharing', text: 'Keep a category private, share it with members, or publish it.' },
  { title: 'Members', text: 'Viewers study a category; editors also change its cards.' },
];

const categoryParts = [
  { title: 'Cards', text: 'The cards filed in this category.' },
  { title: 'Members', text: 'Who studies or edits it with you.' },
  { title: 'Settings', text: 'Its name, description, languages and visibility.' },
];

/** Organize: the category tree, or one category (/app/organize/{id}). */
export function OrganizePage() {
  const { id } = useParams();
  if (id !== undefined) {
    return (
      <Page
        title="Category"
        description={<p>One category with its cards, members and settings.</p>}
      >
        <EmptyState
          icon="organize"
          title="This category is not available"
          action={
            <ButtonLink to={paths.app.organize.getHref()} variant="secondary">
              All categories
            </ButtonLink>
          }
        >
          <p>
            Categories arrive with the next release of Glossa, so there is no category “{id}” to
            show yet.
          </p>
        </EmptyState>
        <FeaturePreview heading="What this page will show" items={categoryParts} />
      </Page>
    );
  }
  return (
    <Page title="Organize" description={<p>Your categories, and who you share them with.</p>}>
      <EmptyState icon="organize" title="No categories yet">
        <p>Categories and cards arrive with the next release of Glossa.</p>
      </EmptyState>
      <FeaturePreview items={treeParts} />
    </Page>
  );
}

export default OrganizePage;
