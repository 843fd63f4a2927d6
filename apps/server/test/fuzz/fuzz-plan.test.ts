import fs from 'node:fs';
import { apiRoutes } from '@glossa/contract';
import { describe, expect, it } from 'vitest';
import { partCount, routeName, routesOfPart, runsOf, runsPerRoute } from './fuzz-part';

describe('the fuzz suite’s plan', () => {
  it('gives every route of the table to exactly one part', () => {
    const parts = Array.from({ length: partCount }, (_, i) => routesOfPart(i + 1).map(routeName));
    const all = apiRoutes().map(({ spec }) => routeName(spec));
    expect(parts.flat().sort()).toEqual([...all].sort());
    expect(new Set(parts.flat()).size).toBe(all.length);
  });

  it('has a test file for every part, which runs that part', () => {
    const files = fs
      .readdirSync(new URL('.', import.meta.url))
      .filter((name) => /^fuzz-part-\d+\.test\.ts$/.test(name))
      .sort();
    expect(files).toEqual(
      Array.from({ length: partCount }, (_, i) => `fuzz-part-${i + 1}.test.ts`).sort(),
    );
    for (let part = 1; part <= partCount; part++) {
      const text = fs.readFileSync(new URL(`fuzz-part-${part}.test.ts`, import.meta.url), 'utf8');
      expect(text).toMatch(new RegExp(`^fuzzPart\\(${part}\\);$`, 'm'));
    }
  });

  it('sends each route its requests, the two callers together', () => {
    for (const { spec } of apiRoutes()) {
      expect(runsOf(spec, 'anonymous') + runsOf(spec, 'signed in')).toBe(runsPerRoute);
      expect(runsOf(spec, 'anonymous')).toBeGreaterThan(0);
    }
  });
});
