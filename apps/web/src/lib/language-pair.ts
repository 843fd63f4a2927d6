/** The two languages of a card, a category, an import or a learner (what they learn, in what). */
export interface LanguagePair {
  from: string;
  to: string;
}

/**
 * The pair after choosing `code` on one side: choosing the other side's language swaps the two,
 * since a pair of one language ("English / English") is never what the learner means.
 */
export function chooseLanguage(
  pair: LanguagePair,
  side: keyof LanguagePair,
  code: string,
): LanguagePair {
  const other = side === 'from' ? 'to' : 'from';
  if (code !== '' && code === pair[other] && code !== pair[side]) {
    return side === 'from' ? { from: code, to: pair.from } : { from: pair.to, to: code };
  }
  return { ...pair, [side]: code };
}
