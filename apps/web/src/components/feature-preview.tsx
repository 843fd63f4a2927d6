import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styles from './feature-preview.module.css';
import { Panel } from './panel';

export interface FeaturePreviewItem {
  title: string;
  text: string;
}

export interface FeaturePreviewProps {
  heading?: string;
  items: readonly FeaturePreviewItem[];
}

/** What a screen is for, part by part: truthful text, no sample data. */
export function FeaturePreview({ heading, items }: FeaturePreviewProps) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading ?? t`What this screen will do`}
      </h2>
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.title}>
            <Panel as="article" className={styles.tile}>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.text}>{item.text}</p>
            </Panel>
          </li>
        ))}
      </ul>
    </section>
  );
}
