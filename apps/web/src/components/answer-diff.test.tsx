import { scoreGuess } from '@glossa/srs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AnswerDiff,
  describeConventions,
  describeDifferences,
  expectedText,
  typedText,
} from './answer-diff';

// Issue 16, item 1: "twelve" for "eleven" was drawn as "televen" (wrong letters drawn as the
// expected ones). The guess is shown as typed with its errors marked, the answer beside it.

const diffOf = (guess: string, answer: string) => scoreGuess(guess, [answer]).diff;

describe('the answer compared', () => {
  it('reads the guess back as typed and the answer as expected', () => {
    const diff = diffOf('twelve', 'eleven');
    expect(typedText(diff)).toBe('twelve');
    expect(expectedText(diff)).toBe('eleven');
    const accent = diffOf('creme', 'crème');
    expect(typedText(accent)).toBe('creme');
    expect(describeDifferences(accent)).toEqual(['“e” for “è” (accent)']);
    expect(describeDifferences(diffOf('hose', 'house'))).toEqual(['“u” missing']);
    expect(describeDifferences(diffOf('housse', 'house'))).toEqual(['“s” extra']);
    const article = scoreGuess('tree', ['the tree'], { language: 'en' }).diff;
    expect(describeDifferences(article)).toEqual(['“the ” missing']);
  });

  it('draws "twelve" for "eleven" as typed, marks not by colour alone, and says it in words', () => {
    render(<AnswerDiff diff={diffOf('twelve', 'eleven')} lang="en" dir="ltr" />);
    const typed = screen.getByTestId('answer-typed');
    expect(typed.textContent?.replace('‸', '')).toBe('twelve');
    expect(screen.getByTestId('answer-expected').textContent).toBe('eleven');
    // Every mark on the typed side is a wrong, extra, missing or accent part with its own class.
    const marks = [...typed.querySelectorAll('[data-kind]')];
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.className).toContain(mark.getAttribute('data-kind'));
    // The drawing is hidden from screen readers, which hear one sentence instead.
    expect(typed.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText(/^You typed “twelve”; expected “eleven”\. /)).toBeTruthy();
  });

  it('shows a right answer on one line, with nothing marked', () => {
    render(<AnswerDiff diff={diffOf('eleven', 'eleven')} lang="en" dir="ltr" />);
    expect(screen.getByTestId('answer-diff').textContent).toBe('You typed eleven');
    expect(screen.queryByTestId('answer-expected')).toBeNull();
  });

  it('shows a right answer as typed, and says when its words were taken in another order', () => {
    const { unmount } = render(
      <AnswerDiff diff={diffOf('Eleven!', 'eleven')} guess="Eleven!" lang="en" dir="ltr" />,
    );
    expect(screen.getByTestId('answer-diff').textContent).toBe('You typed Eleven!');
    unmount();
    const guess = 'brown quick fox';
    render(
      <AnswerDiff diff={diffOf(guess, 'quick brown fox')} guess={guess} lang="en" dir="ltr" />,
    );
    expect(screen.getByTestId('answer-diff').textContent).toContain('You typed brown quick fox');
    expect(screen.getByText('Your words were compared in the answer’s order.')).toBeTruthy();
  });

  it('says the guess as typed when a wrong one was compared in another order', () => {
    const guess = 'brwn quick fox';
    render(
      <AnswerDiff diff={diffOf(guess, 'quick brown fox')} guess={guess} lang="en" dir="ltr" />,
    );
    expect(
      screen.getByText(/^You typed “brwn quick fox”; expected “quick brown fox”\./),
    ).toBeTruthy();
    expect(screen.getByTestId('answer-typed').textContent?.replace('‸', '')).toBe('quick brwn fox');
  });

  it('shows a missing article on the expected side only', () => {
    const diff = scoreGuess('tree', ['the tree'], { language: 'en' }).diff;
    render(<AnswerDiff diff={diff} lang="en" dir="ltr" />);
    expect(screen.getByTestId('answer-typed').textContent).toBe('‸tree');
    expect(
      [...screen.getByTestId('answer-expected').querySelectorAll('[data-fix="missing"]')]
        .map((part) => part.textContent)
        .join(''),
    ).toBe('the ');
  });
});

// Issue 17, typing conventions (decision 0029): what was typed by a convention is named.
describe('the typing conventions of a guess', () => {
  it('names a free transcription under a right answer, the guess shown as typed', () => {
    const scored = scoreGuess('Baer', ['Bär'], { language: 'de' });
    expect(scored.score).toBe(1);
    render(
      <AnswerDiff
        diff={scored.diff}
        conventions={scored.conventions}
        guess="Baer"
        lang="de"
        dir="ltr"
      />,
    );
    expect(screen.getByTestId('answer-diff').textContent).toContain('You typed Baer');
    expect(screen.getByTestId('answer-conventions').textContent).toBe(
      'Written with ae for ä (transcription, free).',
    );
    // A convention is not a reordering of the words.
    expect(screen.queryByText(/compared in the answer’s order/)).toBeNull();
  });

  it('names a quarter-edit convention beside the marks of a wrong letter', () => {
    const scored = scoreGuess('the color of flavr', ['the colour of flavour'], { language: 'en' });
    render(
      <AnswerDiff
        diff={scored.diff}
        conventions={scored.conventions}
        guess="the color of flavr"
        lang="en"
        dir="ltr"
      />,
    );
    expect(screen.getByTestId('answer-conventions').textContent).toBe(
      'Written with color for colour (regional spelling, a quarter of an edit).',
    );
    expect(screen.getByTestId('answer-typed').querySelectorAll('[data-kind]').length).toBe(1);
  });

  it('lists several conventions in one sentence, and nothing when there is none', () => {
    expect(
      describeConventions([
        { kind: 'transcription', detail: 'aa for å', cost: 'free' },
        { kind: 'transcription', detail: 'ae for æ', cost: 'free' },
        { kind: 'kana', detail: 'hiragana for katakana', cost: 'quarter' },
      ]),
    ).toBe(
      'Written with aa for å (transcription, free), ae for æ (transcription, free) and ' +
        'hiragana for katakana (kana, a quarter of an edit).',
    );
    expect(describeConventions([])).toBeNull();
    render(<AnswerDiff diff={diffOf('eleven', 'eleven')} lang="en" dir="ltr" />);
    expect(screen.queryByTestId('answer-conventions')).toBeNull();
  });
});
