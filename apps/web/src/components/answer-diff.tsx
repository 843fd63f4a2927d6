import type { ReviewResult } from '@glossa/contract';
import { normaliseAnswer } from '@glossa/srs';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from './visually-hidden';
import styles from './answer-diff.module.css';

type Diff = ReviewResult['diff'];
type Conventions = NonNullable<ReviewResult['conventions']>;
type DiffKind = Diff[number]['kind'];

/** The guess as the scorer read it (normalised: lower case, punctuation dropped). */
export function typedText(diff: Diff): string {
  return diff.map((part) => (part.kind === 'missing' ? '' : (part.typed ?? part.text))).join('');
}

/** The expected answer as the scorer compared it. */
export function expectedText(diff: Diff): string {
  return diff.map((part) => (part.kind === 'extra' ? '' : part.text)).join('');
}

/** Neighbouring missing letters as one part, and neighbouring extra ones ("the " missing). */
function runs(diff: Diff): Diff {
  const joined: Diff = [];
  for (const part of diff) {
    const last = joined[joined.length - 1];
    if (last && last.kind === part.kind && (part.kind === 'missing' || part.kind === 'extra')) {
      joined[joined.length - 1] = { ...last, text: last.text + part.text };
    } else joined.push(part);
  }
  return joined;
}

/** What each kind of convention is called after its detail ("ae for ä (transcription)"). */
const conventionNames: Record<Conventions[number]['kind'], MessageDescriptor> = {
  transcription: msg`transcription`,
  ligature: msg`ligature`,
  'letter-form': msg`letter form`,
  'vowel-marks': msg`vowel marks`,
  apostrophe: msg`apostrophe`,
  kana: msg`kana`,
  'chinese-script': msg`Chinese script`,
  'regional-spelling': msg`regional spelling`,
};

/**
 * The typing conventions read in the guess, in one sentence: "Written with ae for ä
 * (transcription, free) and color for colour (regional spelling, a quarter of an edit)."
 */
export function describeConventions(conventions: Conventions): string | null {
  if (conventions.length === 0) return null;
  const said = conventions.map((item) => {
    const detail = item.detail;
    const convention = i18n._(conventionNames[item.kind]);
    return item.cost === 'free'
      ? t`${detail} (${convention}, free)`
      : t`${detail} (${convention}, a quarter of an edit)`;
  });
  const last = said[said.length - 1] ?? '';
  const first = said.slice(0, -1).join(', ');
  const listed = said.length === 1 ? last : t`${first} and ${last}`;
  return t`Written with ${listed}.`;
}

const shown = (grapheme: string) => (grapheme === ' ' ? t`a space` : t`“${grapheme}”`);

/**
 * The differences in words, in reading order, for screen readers and the page's tests:
 * "“w” typed for “e”", "“t” extra", "“n” missing", "“e” for “é” (accent)".
 */
export function describeDifferences(diff: Diff): string[] {
  const said: string[] = [];
  for (const part of runs(diff)) {
    const typed = shown(part.typed ?? '?');
    const text = shown(part.text);
    if (part.kind === 'wrong') said.push(t`${typed} typed for ${text}`);
    else if (part.kind === 'accent') said.push(t`${typed} for ${text} (accent)`);
    else if (part.kind === 'extra') said.push(t`${text} extra`);
    else if (part.kind === 'missing') said.push(t`${text} missing`);
  }
  return said;
}

/** What each mark means, in the legend. */
const legend: { kind: Exclude<DiffKind, 'good'>; sample: string; label: MessageDescriptor }[] = [
  { kind: 'wrong', sample: 'x', label: msg`wrong letter` },
  { kind: 'extra', sample: 'x', label: msg`extra letter` },
  { kind: 'missing', sample: '‸', label: msg`letter missing here` },
  { kind: 'accent', sample: 'e', label: msg`accent differs` },
];

/**
 * The guess as typed with its errors marked, and the expected answer beside it with the letters
 * the guess missed or got wrong marked, as typing apps show them. Each mark has a shape besides
 * its colour (wavy underline, strike, caret, dotted underline; the expected side's fixes in bold
 * and underlined), and a screen reader hears one sentence: "You typed … ; expected … ", then the
 * differences in words. A right answer is one line.
 */
export function AnswerDiff({
  diff,
  guess,
  lang,
  dir,
  conventions = [],
}: {
  diff: Diff;
  /** The typing conventions the scorer read in the guess, named under the diff. */
  conventions?: Conventions;
  /** The guess as typed, when known: a right answer shows it as is. */
  guess?: string;
  lang: string;
  dir: 'ltr' | 'rtl' | 'auto';
}) {
  // The descriptions above read the active language; this re-renders them when it changes.
  const { t } = useLingui();
  const typed = typedText(diff);
  const expected = expectedText(diff);
  const differences = describeDifferences(diff);
  const kinds = new Set(diff.map((part) => part.kind));
  const written = describeConventions(conventions);
  const conventionNote = written ? (
    <p className={styles.note} data-testid="answer-conventions">
      {written}
    </p>
  ) : null;
  // The scorer may have matched the guess's words in the answer's order ("brown quick fox"); a
  // convention also rewrites the guess (ae read as ä), which the note above says instead.
  const reordered =
    guess !== undefined && !written && normaliseAnswer(guess, { language: lang }) !== typed
      ? guess.trim()
      : null;
  const shownGuess = reordered ?? typed;
  const spokenDifferences = differences.join('; ');
  if (differences.length === 0) {
    return (
      <div className={styles.diffBlock} data-testid="answer-diff">
        <p className={styles.row}>
          <span className={styles.rowLabel}>
            <Trans>You typed</Trans>
          </span>{' '}
          <span className={styles.diff} lang={lang} dir={dir}>
            {guess?.trim() || typed}
          </span>
        </p>
        {reordered ? (
          <p className={styles.note}>
            <Trans>Your words were compared in the answer’s order.</Trans>
          </p>
        ) : null}
        {conventionNote}
      </div>
    );
  }
  return (
    <div className={styles.diffBlock} data-testid="answer-diff">
      <p className={styles.spoken}>
        <VisuallyHidden>
          {t`You typed “${shownGuess}”; expected “${expected}”. ${spokenDifferences}.`}
        </VisuallyHidden>
      </p>
      <div className={styles.rows} aria-hidden="true">
        <span className={styles.rowLabel}>
          <Trans>You typed</Trans>
        </span>
        <span className={styles.diff} lang={lang} dir={dir} data-testid="answer-typed">
          {runs(diff).map((part, index) => {
            if (part.kind === 'good') return <span key={index}>{part.text}</span>;
            // A run of missing letters is one caret.
            const text =
              part.kind === 'missing' ? '‸' : part.kind === 'extra' ? part.text : part.typed;
            return (
              <span
                key={index}
                className={`${styles.part} ${styles[part.kind]}`}
                data-kind={part.kind}
              >
                {text}
              </span>
            );
          })}
        </span>
        <span className={styles.rowLabel}>
          <Trans>Expected</Trans>
        </span>
        <span className={styles.diff} lang={lang} dir={dir} data-testid="answer-expected">
          {diff.map((part, index) => {
            if (part.kind === 'extra') return null;
            if (part.kind === 'good') return <span key={index}>{part.text}</span>;
            return (
              <span key={index} className={`${styles.part} ${styles.fix}`} data-fix={part.kind}>
                {part.text}
              </span>
            );
          })}
        </span>
      </div>
      {conventionNote}
      {reordered ? (
        <p className={styles.note} aria-hidden="true">
          <Trans>
            You typed “<span lang={lang}>{reordered}</span>”; its words are compared in the answer’s
            order.
          </Trans>
        </p>
      ) : null}
      <ul className={styles.legend} aria-hidden="true">
        {legend
          .filter((item) => kinds.has(item.kind))
          .map((item) => (
            <li key={item.kind}>
              <span className={`${styles.part} ${styles[item.kind]}`}>{item.sample}</span>{' '}
              {i18n._(item.label)}
            </li>
          ))}
        <li>
          <Trans>
            <span className={`${styles.part} ${styles.fix}`}>a</span> the right letter
          </Trans>
        </li>
      </ul>
    </div>
  );
}
