import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../marketing.module.css';

export default function PrivacyPage() {
  useDocumentTitle(screenTitle('Privacy'));
  return (
    <article className={`${styles.page} ${styles.prose}`} aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy</h1>
      <p>
        This notice says what a Glossa server stores about you, why, and what you can do about it.
        It is short because Glossa keeps little: what it needs to run your account and your study.
      </p>

      <h2>Who holds your data</h2>
      <p>
        Glossa is free software that anyone can run. The instance you are using is run by its
        operator (a person, school or company), who holds your data and answers for it. If you run
        Glossa yourself, that is you. Nothing is sent to the authors of Glossa or to anyone else.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>
          <strong>Username and e-mail address</strong>: to sign you in (with either of them), to
          show who shared a category, and to send you the mail described below.
        </li>
        <li>
          <strong>Password</strong>: never stored as typed. The server keeps only an argon2id hash
          of it, which cannot be turned back into the password.
        </li>
        <li>
          <strong>Settings</strong>: your languages, language detection, the scheduler&apos;s
          parameters and the score a typed answer needs to pass.
        </li>
        <li>
          <strong>Account facts</strong>: whether your e-mail is verified, your role, your plan, and
          when the account was created and last changed.
        </li>
      </ul>

      <h2>Sign-in sessions</h2>
      <p>
        Each time you sign in on a device, the server records a session: when it started, when it
        was last used, when it expires (30 days after sign-in at most) and the browser&apos;s user
        agent (its name, version and operating system). This lets you see where you are signed in
        and sign a device out from the settings. Your browser keeps the session&apos;s two tokens
        and their decoded contents in its local storage, plus your theme choice; Glossa sets no
        cookies.
      </p>

      <h2>What you study</h2>
      <p>
        Your cards (their sides, notes and languages), your categories and who they are shared with,
        and every review: the answer you typed, its score, how long you took and how the card&apos;s
        schedule changed. The reviews are what lets the scheduler decide when to show each card
        again and what draws your statistics. Cards in a category you share are seen by its members
        (the learners you invited who accepted), and a public category by anyone signed in; your own
        reviews and schedule are never shown to others.
      </p>

      <h2>Feedback</h2>
      <p>
        When you send feedback, the server stores your message, its kind, the page you were on and
        your account, so the operator can read it and follow up.
      </p>

      <h2>Mail</h2>
      <p>
        Glossa sends mail only for your account: a link to verify your e-mail address (valid 24
        hours), a link to reset a forgotten password (valid one hour), a notice when someone tries
        to sign up with an address that already has an account, and one message when someone invites
        you into a category they share (once your address is verified). No newsletters, no
        marketing.
      </p>

      <h2>What Glossa does not do</h2>
      <p>
        No advertising, no tracking, no analytics or third-party scripts, no selling or sharing of
        your data. The server&apos;s technical logs may record requests (time, path, status) to keep
        the service running and secure; they never contain your password or your tokens.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>
          <strong>See and download</strong>: settings › authentification › export gives everything
          the server holds about you as one JSON file.
        </li>
        <li>
          <strong>Correct</strong>: change your username, e-mail, password and settings at any time.
        </li>
        <li>
          <strong>Sign out</strong>: end any session, or all of them, from the same page.
        </li>
        <li>
          <strong>Delete</strong>: deleting your account removes it with the private data it owns
          (cards, categories, reviews, sessions, settings). Export first if you want a copy.
        </li>
      </ul>
      <p>
        For anything else, write to the operator of this instance. See also the{' '}
        <Link to={paths.termsOfUse.getHref()}>terms of use</Link>.
      </p>
    </article>
  );
}
