import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * The text of a search box the URL keeps (`?q=`). The box shows what was typed at once and the
 * URL follows it: a box bound to the URL alone loses the letters typed while the navigation that
 * writes them is under way. A navigation that is not the box's own (back, forward, a link) sets
 * the box from the URL; the box's own replace the entry and keep what was typed since.
 */
export function useTypedText(urlText: string): [string, (text: string) => void] {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [text, setText] = useState(urlText);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (navigationType !== 'REPLACE' && urlText !== text) setText(urlText);
  }
  return [text, setText];
}
