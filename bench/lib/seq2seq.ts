import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CardHistory, Grade, HistoryReview } from '@glossa/srs';

/**
 * The shared data folder sits next to the repository: <repo>/../shared/data; SEQ2SEQ_PATH names
 * the file elsewhere (a worktree that is not beside the shared folder).
 */
export const seq2seqPath =
  process.env['SEQ2SEQ_PATH'] ??
  resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/data/seq2seq.tsv');

function numbers(field: string | undefined, line: number, column: string): number[] {
  if (field === undefined || field.trim() === '') {
    throw new Error(`seq2seq.tsv line ${line}: column ${column} is empty`);
  }
  return field.split(',').map((value) => {
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) {
      throw new Error(`seq2seq.tsv line ${line}: ${column} holds "${value}", not a number`);
    }
    return parsed;
  });
}

function grade(value: number, line: number): Grade {
  if (value === 1 || value === 2 || value === 3 || value === 4) return value;
  throw new Error(`seq2seq.tsv line ${line}: grade ${value} is not 1–4`);
}

/**
 * Parses the seq2seq format (one card a line: t_history, r_history, delta_ts, ys) into card
 * histories. Each row's inputs are its reviews; the targets add one review after the last, whose
 * grade is unknown: it becomes 3 or 1 from its pass/fail label (nothing is replayed after it).
 */
function parseSeq2seq(text: string): CardHistory[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const header = lines.shift();
  if (header?.split('\t')[0] !== 't_history') {
    throw new Error('seq2seq.tsv: the first line must be the header t_history r_history …');
  }
  return lines.map((row, index) => {
    const line = index + 2;
    const [tField, rField, deltaField, yField] = row.split('\t');
    const t = numbers(tField, line, 't_history');
    const r = numbers(rField, line, 'r_history');
    const delta = numbers(deltaField, line, 'delta_ts');
    const ys = numbers(yField, line, 'ys');
    if (r.length !== t.length || delta.length !== t.length || ys.length !== t.length) {
      throw new Error(`seq2seq.tsv line ${line}: the four columns differ in length`);
    }
    const reviews: HistoryReview[] = t.map((elapsedDays, j) => ({
      elapsedDays: j === 0 ? 0 : elapsedDays,
      grade: grade(r[j] ?? 0, line),
    }));
    const lastDelta = delta[delta.length - 1] ?? 0;
    const lastY = ys[ys.length - 1] ?? 0;
    reviews.push({ elapsedDays: lastDelta, grade: lastY === 1 ? 3 : 1 });
    return reviews;
  });
}

export function loadSeq2seq(path = seq2seqPath): CardHistory[] {
  if (!existsSync(path)) {
    throw new Error(
      `The review history ${path} is missing: put seq2seq.tsv (open-spaced-repetition/` +
        'fsrs-optimizer-tiny, see shared/data/README.md) in the shared data folder next to the repo.',
    );
  }
  return parseSeq2seq(readFileSync(path, 'utf8'));
}
