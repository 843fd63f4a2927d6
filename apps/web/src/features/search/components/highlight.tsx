import { searchHighlights, type SearchTerm } from '@glossa/srs';
import { Fragment } from 'react';
import styles from './search-results.module.css';

/** The text with the query's terms marked where they matched (case and accents aside). */
export function Highlight({ text, terms }: { text: string; terms: SearchTerm[] }) {
  const ranges = searchHighlights(text, terms);
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach(([start, end], index) => {
    if (start > at) parts.push(<Fragment key={`t${index}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark key={`m${index}`} className={styles.mark}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  if (at < text.length) parts.push(<Fragment key="end">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
