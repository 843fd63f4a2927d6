import type { ReactNode } from 'react';
import styles from '../auth.module.css';

type AuthCardProps = {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
};

/** The frame of every auth screen: one centred card with its heading. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="auth-card-title">
        <h1 className={styles.title} id="auth-card-title">
          {title}
        </h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </section>
    </div>
  );
}
