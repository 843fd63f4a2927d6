import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const datesFile = path.join(sourceDir, 'lib/dates.ts');

/** Formatting a date anywhere but lib/dates.ts: Intl's date formats, or a Date's toLocale…(). */
const formatsADate =
  /Intl\.(DateTimeFormat|RelativeTimeFormat)|\.toLocale(Date|Time)String\(|new Date\([^)]*\)\.toLocaleString\(/;

describe('dates', () => {
  it('are formatted in lib/dates.ts only, so every screen shows them alike', () => {
    const offenders = fs
      .readdirSync(sourceDir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => file !== datesFile && !/\.test\.tsx?$/.test(file))
      .filter((file) => formatsADate.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceDir, file));
    expect(offenders).toEqual([]);
  });
});
