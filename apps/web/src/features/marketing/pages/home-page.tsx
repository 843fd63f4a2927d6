import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../marketing.module.css';
import { pageTexts } from '../page-texts';

const features = [
  {
    title: msg`Type the answer`,
    body: msg`Each card shows a word or phrase and you type its translation. Your guess is scored by similarity, so a missing accent or a typo costs a little, not everything, and you see exactly which letters were off.`,
  },
  {
    title: msg`Reviews when you need them`,
    body: msg`A spaced-repetition scheduler brings each card back just before you would forget it. Cards you know climb fast and come back rarely; the ones you miss come back sooner. Every parameter is yours to tune.`,
  },
  {
    title: msg`Categories you can share`,
    body: msg`Sort cards into a tree of categories, share one with a group as viewers or editors, or publish it for anyone to study. Each learner keeps their own schedule.`,
  },
  {
    title: msg`Every script`,
    body: msg`Latin, Cyrillic, Greek, Arabic and Hebrew right to left, Devanagari, Chinese, Japanese, Korean and more: accents, characters and emoji each count as one letter.`,
  },
  {
    title: msg`Dark or light`,
    body: msg`Pick the theme that suits your eyes; Glossa remembers it on this device. Everything works with the keyboard and a screen reader.`,
  },
  {
    title: msg`Yours to host`,
    body: msg`Glossa runs with one command on your own machine, with no other service to install, and scales to PostgreSQL and several servers when a group grows.`,
  },
] as const;

export default function HomePage() {
  const { i18n } = useLingui();
  useDocumentTitle(screenTitle(i18n._(pageTexts.home.title)));
  const session = useSession();

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 className={styles.title} id="home-title">
          <Trans>Learn the words of a language, one card at a time</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            Glossa is a card-based study tool: you write your own cards, type your answers and let a
            spaced-repetition scheduler decide when each card comes back.
          </Trans>
        </p>
        <div className={styles.actions}>
          {session ? (
            <ButtonLink size="lg" to={paths.app.dashboard.getHref()}>
              <Trans>Open the app</Trans>
            </ButtonLink>
          ) : (
            <>
              <ButtonLink size="lg" to={paths.auth.signup.getHref()}>
                <Trans>Create an account</Trans>
              </ButtonLink>
              <ButtonLink size="lg" variant="secondary" to={paths.auth.login.getHref()}>
                <Trans>Sign in</Trans>
              </ButtonLink>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="home-features">
        <h2 id="home-features">
          <Trans>What Glossa does</Trans>
        </h2>
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.title.id} className={styles.feature}>
              <h3>{i18n._(feature.title)}</h3>
              <p>{i18n._(feature.body)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${styles.section} ${styles.prose}`} aria-labelledby="home-privacy">
        <h2 id="home-privacy">
          <Trans>No ads, no tracking</Trans>
        </h2>
        <p>
          <Trans>
            Glossa keeps what it needs to run your account and your study, nothing more. You can
            download everything it holds about you, or delete your account, from the settings. Read
            the <Link to={paths.privacy.getHref()}>privacy notice</Link> and the{' '}
            <Link to={paths.termsOfUse.getHref()}>terms of use</Link>.
          </Trans>
        </p>
      </section>
    </div>
  );
}
