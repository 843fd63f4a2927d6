import { t } from '@lingui/core/macro';

// Product names, the same in every language.
/* eslint-disable lingui/no-unlocalized-strings */
const browsers: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * "Firefox on Linux" from a user agent; the raw string when neither part is recognised. In the
 * language active when it is called.
 */
export function describeUserAgent(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return t`${browser} on ${system}`;
  if (browser ?? system) return browser ?? system ?? '';
  const trimmed = userAgent.trim();
  return trimmed ? trimmed.slice(0, 60) : t`Unknown device`;
}
