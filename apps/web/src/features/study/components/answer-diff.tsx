import type { ReviewResult } from '@glossa/contract';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './answer-diff.module.css';

type DiffKind = ReviewResult['diff'][number]['kind'];

/** What each kind means, said to assistive tech and shown in the legend. */
const diffLabels: Record<DiffKind, string> = {
  good: 'right',
  wrong: 'wrong',
  missing: 'missing',
  extra: 'extra',
  accent: 'accent',
};

/** The guess compared character by character; colour plus underline/strike style plus text. */
export function AnswerDiff({
  diff,
  lang,
  dir,
}: {
  diff: ReviewResult['diff'];
  lang: string;
  dir: 'ltr' | 'rtl' | 'auto';
}) {
  const kinds = [...new Set(diff.map((part) => part.kind))].filter((kind) => kind !== 'good');
  return (
    <div className={styles.diffBlock}>
      <p className={styles.diff} lang={lang} dir={dir} data-testid="answer-diff">
        {diff.map((part, index) =>
          part.kind === 'good' ? (
            <span key={index} className={styles.good}>
              {part.text}
            </span>
          ) : (
            <span
              key={index}
              className={`${styles.part} ${styles[part.kind]}`}
              data-kind={part.kind}
            >
              <VisuallyHidden>{` (${diffLabels[part.kind]}: `}</VisuallyHidden>
              {part.text}
              <VisuallyHidden>{') '}</VisuallyHidden>
            </span>
          ),
        )}
      </p>
      {kinds.length > 0 ? (
        <ul className={styles.legend} aria-label="Legend">
          {kinds.map((kind) => (
            <li key={kind}>
              <span className={`${styles.part} ${styles[kind]}`} aria-hidden="true">
                ab
              </span>{' '}
              {diffLabels[kind]}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
