import { scoreGuess } from '@glossa/srs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerDiff, describeDifferences, expectedText, typedText } from './answer-diff';

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
