import { userFixture } from '../../../test/render';
import { renderPage } from '../../../test/render';
import { LearningSettingsForm } from './learning-settings-form';

/** The learning form alone at /app/settings, under a data router as in the app. */
export function renderLearningForm(user = userFixture) {
  return renderPage('/app/settings', '/app/settings', <LearningSettingsForm user={user} />);
}
