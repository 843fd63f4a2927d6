import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../marketing.module.css';
import { pageTexts } from '../page-texts';

export default function TermsPage() {
  const { i18n } = useLingui();
  useDocumentTitle(screenTitle(i18n._(pageTexts.terms.title)));
  return (
    <article className={`${styles.page} ${styles.prose}`} aria-labelledby="terms-title">
      <h1 id="terms-title">
        <Trans>Terms of use</Trans>
      </h1>
      <p>
        <Trans>
          These terms apply when you use a Glossa instance. They are plain on purpose: Glossa is a
          tool to study languages with cards, and these rules keep it useful and fair for everyone
          who shares the instance.
        </Trans>
      </p>

      <h2>
        <Trans>The service and who runs it</Trans>
      </h2>
      <p>
        <Trans>
          Glossa is free software. Each instance is run by its operator, who decides who may sign
          up, which plan accounts get and how long the service runs. The operator may add their own
          rules; where they differ from these, theirs apply on their instance.
        </Trans>
      </p>

      <h2>
        <Trans>Your account</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            Give a working e-mail address: it is how you verify the account and reset a password.
          </Trans>
        </li>
        <li>
          <Trans>
            Keep your password to yourself and sign out of devices you no longer use (settings ›
            authentification lists them).
          </Trans>
        </li>
        <li>
          <Trans>One person per account. You are responsible for what is done with it.</Trans>
        </li>
      </ul>

      <h2>
        <Trans>Your content</Trans>
      </h2>
      <p>
        <Trans>
          The cards, categories and notes you write stay yours. By sharing a category with a group,
          or making it public, you let its members (or everyone signed in) study it, and editors
          change its cards. Only share what you have the right to share: do not copy whole
          dictionaries, textbooks or other protected works without permission.
        </Trans>
      </p>

      <h2>
        <Trans>Fair use</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            No unlawful, hateful or harassing content, in cards, categories or feedback.
          </Trans>
        </li>
        <li>
          <Trans>
            No attempts to break into other accounts, to read data that is not shared with you, or
            to overload the server. Sign-in, sign-up and mail requests are rate-limited.
          </Trans>
        </li>
        <li>
          <Trans>
            The operator may suspend an account that breaks these rules, and will say why when they
            can.
          </Trans>
        </li>
      </ul>

      <h2>
        <Trans>Plans</Trans>
      </h2>
      <p>
        <Trans>
          An instance may offer a free and a premium plan. When billing is off, as it is by default
          on a self-hosted instance, every account has premium. An administrator may also grant
          premium to an account without payment.
        </Trans>
      </p>

      <h2>
        <Trans>Leaving</Trans>
      </h2>
      <p>
        <Trans>
          You can export everything you hold as JSON and delete your account at any time from the
          settings. Deletion cannot be undone.
        </Trans>
      </p>

      <h2>
        <Trans>No warranty</Trans>
      </h2>
      <p>
        <Trans>
          Glossa is provided as is, without warranty. The scheduler helps you decide when to review;
          it does not promise results. Keep your own export if your cards matter to you.
        </Trans>
      </p>

      <h2>
        <Trans>Changes</Trans>
      </h2>
      <p>
        <Trans>
          When these terms change in a way that matters, the operator will tell you before the
          change applies. Read how your data is handled in the{' '}
          <Link to={paths.privacy.getHref()}>privacy notice</Link>.
        </Trans>
      </p>
    </article>
  );
}
