import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../marketing.module.css';

export default function TermsPage() {
  useDocumentTitle(screenTitle('Terms of use'));
  return (
    <article className={`${styles.page} ${styles.prose}`} aria-labelledby="terms-title">
      <h1 id="terms-title">Terms of use</h1>
      <p>
        These terms apply when you use a Glossa instance. They are plain on purpose: Glossa is a
        tool to study languages with cards, and these rules keep it useful and fair for everyone who
        shares the instance.
      </p>

      <h2>The service and who runs it</h2>
      <p>
        Glossa is free software. Each instance is run by its operator, who decides who may sign up,
        which plan accounts get and how long the service runs. The operator may add their own rules;
        where they differ from these, theirs apply on their instance.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>
          Give a working e-mail address: it is how you verify the account and reset a password.
        </li>
        <li>
          Keep your password to yourself and sign out of devices you no longer use (settings ›
          authentification lists them).
        </li>
        <li>One person per account. You are responsible for what is done with it.</li>
      </ul>

      <h2>Your content</h2>
      <p>
        The cards, categories and notes you write stay yours. By sharing a category with a group, or
        making it public, you let its members (or everyone signed in) study it, and editors change
        its cards. Only share what you have the right to share: do not copy whole dictionaries,
        textbooks or other protected works without permission.
      </p>

      <h2>Fair use</h2>
      <ul>
        <li>No unlawful, hateful or harassing content, in cards, categories or feedback.</li>
        <li>
          No attempts to break into other accounts, to read data that is not shared with you, or to
          overload the server. Sign-in, sign-up and mail requests are rate-limited.
        </li>
        <li>
          The operator may suspend an account that breaks these rules, and will say why when they
          can.
        </li>
      </ul>

      <h2>Plans</h2>
      <p>
        An instance may offer a free and a premium plan. When billing is off, as it is by default on
        a self-hosted instance, every account has premium. An administrator may also grant premium
        to an account without payment.
      </p>

      <h2>Leaving</h2>
      <p>
        You can export everything you hold as JSON and delete your account at any time from the
        settings. Deletion cannot be undone.
      </p>

      <h2>No warranty</h2>
      <p>
        Glossa is provided as is, without warranty. The scheduler helps you decide when to review;
        it does not promise results. Keep your own export if your cards matter to you.
      </p>

      <h2>Changes</h2>
      <p>
        When these terms change in a way that matters, the operator will tell you before the change
        applies. Read how your data is handled in the{' '}
        <Link to={paths.privacy.getHref()}>privacy notice</Link>.
      </p>
    </article>
  );
}
