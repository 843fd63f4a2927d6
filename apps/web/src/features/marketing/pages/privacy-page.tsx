import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../marketing.module.css';
import { pageTexts } from '../page-texts';

export default function PrivacyPage() {
  const { i18n } = useLingui();
  useDocumentTitle(screenTitle(i18n._(pageTexts.privacy.title)));
  return (
    <article className={`${styles.page} ${styles.prose}`} aria-labelledby="privacy-title">
      <h1 id="privacy-title">
        <Trans>Privacy</Trans>
      </h1>
      <p>
        <Trans>
          This notice says what a Glossa server stores about you, why, and what you can do about it.
          It is short because Glossa keeps little: what it needs to run your account and your study.
        </Trans>
      </p>

      <h2>
        <Trans>Who holds your data</Trans>
      </h2>
      <p>
        <Trans>
          Glossa is free software that anyone can run. The instance you are using is run by its
          operator (a person, school or company), who holds your data and answers for it. If you run
          Glossa yourself, that is you. Nothing is sent to the authors of Glossa or to anyone else.
        </Trans>
      </p>

      <h2>
        <Trans>Your account</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            <strong>Username and e-mail address</strong>: to sign you in (with either of them), to
            show who shared a category, and to send you the mail described below.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Password</strong>: never stored as typed. The server keeps only an argon2id hash
            of it, which cannot be turned back into the password.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Settings</strong>: your languages, language detection, the scheduler&apos;s
            parameters and the score a typed answer needs to pass.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Account facts</strong>: whether your e-mail is verified, your role, your plan,
            and when the account was created and last changed.
          </Trans>
        </li>
      </ul>

      <h2>
        <Trans>Sign-in sessions</Trans>
      </h2>
      <p>
        <Trans>
          Each time you sign in on a device, the server records a session: when it started, when it
          was last used, when it expires (30 days after sign-in at most) and the browser&apos;s user
          agent (its name, version and operating system). This lets you see where you are signed in
          and sign a device out from the settings. Your browser keeps the session&apos;s two tokens
          and their decoded contents in its local storage, plus your theme choice. Glossa sets one
          cookie, glossa.locale: the language you chose for the interface, so that these pages open
          in it. It holds nothing else and is never used to follow you.
        </Trans>
      </p>

      <h2>
        <Trans>What you study</Trans>
      </h2>
      <p>
        <Trans>
          Your cards (their sides, notes and languages), your categories and who they are shared
          with, and every review: the answer you typed, its score, how long you took and how the
          card&apos;s schedule changed. The reviews are what lets the scheduler decide when to show
          each card again and what draws your statistics. Cards in a category you share are seen by
          its members (the learners you invited who accepted), and a public category by anyone
          signed in; your own reviews and schedule are never shown to others.
        </Trans>
      </p>

      <h2>
        <Trans>Feedback</Trans>
      </h2>
      <p>
        <Trans>
          When you send feedback, the server stores your message, its kind, the page you were on and
          your account, so the operator can read it and follow up.
        </Trans>
      </p>

      <h2>
        <Trans>Mail</Trans>
      </h2>
      <p>
        <Trans>
          Glossa sends mail only for your account: a link to verify your e-mail address (valid 24
          hours), a link to reset a forgotten password (valid one hour), a notice when someone tries
          to sign up with an address that already has an account, and one message when someone
          invites you into a category they share (once your address is verified). No newsletters, no
          marketing.
        </Trans>
      </p>

      <h2>
        <Trans>What Glossa does not do</Trans>
      </h2>
      <p>
        <Trans>
          No advertising, no tracking, no analytics or third-party scripts, no selling or sharing of
          your data. The server&apos;s technical logs may record requests (time, path, status) to
          keep the service running and secure; they never contain your password or your tokens.
        </Trans>
      </p>

      <h2>
        <Trans>Your choices</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            <strong>See and download</strong>: settings › authentification › export gives everything
            the server holds about you as one JSON file.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Correct</strong>: change your username, e-mail, password and settings at any
            time.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Sign out</strong>: end any session, or all of them, from the same page.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Delete</strong>: deleting your account removes it with the private data it owns
            (cards, categories, reviews, sessions, settings). Export first if you want a copy.
          </Trans>
        </li>
      </ul>
      <p>
        <Trans>
          For anything else, write to the operator of this instance. See also the{' '}
          <Link to={paths.termsOfUse.getHref()}>terms of use</Link>.
        </Trans>
      </p>
    </article>
  );
}
