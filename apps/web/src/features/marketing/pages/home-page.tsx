import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../marketing.module.css';

const features = [
  {
    title: 'Type the answer',
    body: 'Each card shows a word or phrase and you type its translation. Your guess is scored by similarity, so a missing accent or a typo costs a little, not everything, and you see exactly which letters were off.',
  },
  {
    title: 'Reviews when you need them',
    body: 'A spaced-repetition scheduler brings each card back just before you would forget it. Cards you know climb fast and come back rarely; the ones you miss come back sooner. Every parameter is yours to tune.',
  },
  {
    title: 'Categories you can share',
    body: 'Sort cards into a tree of categories, share one with a group as viewers or editors, or publish it for anyone to study. Each learner keeps their own schedule.',
  },
  {
    title: 'Every script',
    body: 'Latin, Cyrillic, Greek, Arabic and Hebrew right to left, Devanagari, Chinese, Japanese, Korean and more: accents, characters and emoji each count as one letter.',
  },
  {
    title: 'Dark or light',
    body: 'Pick the theme that suits your eyes; Glossa remembers it on this device. Everything works with the keyboard and a screen reader.',
  },
  {
    title: 'Yours to host',
    body: 'Glossa runs with one command on your own machine, with no other service to install, and scales to PostgreSQL and several servers when a group grows.',
  },
] as const;

export default function HomePage() {
  useDocumentTitle(screenTitle('Home'));
  const session = useSession();

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 className={styles.title} id="home-title">
          Learn the words of a language, one card at a time
        </h1>
        <p className={styles.lead}>
          Glossa is a card-based study tool: you write your own cards, type your answers and let a
          spaced-repetition scheduler decide when each card comes back.
        </p>
        <div className={styles.actions}>
          {session ? (
            <ButtonLink size="lg" to={paths.app.dashboard.getHref()}>
              Open the app
            </ButtonLink>
          ) : (
            <>
              <ButtonLink size="lg" to={paths.auth.signup.getHref()}>
                Create an account
              </ButtonLink>
              <ButtonLink size="lg" variant="secondary" to={paths.auth.login.getHref()}>
                Sign in
              </ButtonLink>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="home-features">
        <h2 id="home-features">What Glossa does</h2>
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <h3>{feature.title}</h3>
              <p>{feature.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${styles.section} ${styles.prose}`} aria-labelledby="home-privacy">
        <h2 id="home-privacy">No ads, no tracking</h2>
        <p>
          Glossa keeps what it needs to run your account and your study, nothing more. You can
          download everything it holds about you, or delete your account, from the settings. Read
          the <Link to={paths.privacy.getHref()}>privacy notice</Link> and the{' '}
          <Link to={paths.termsOfUse.getHref()}>terms of use</Link>.
        </p>
      </section>
    </div>
  );
}
