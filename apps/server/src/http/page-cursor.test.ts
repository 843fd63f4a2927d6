import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { keysetPage, newestFirstCursor, readNewestFirstCursor } from './page-cursor';

describe('newest-first cursors', () => {
  it('read back what they hold, for the list that made them only', () => {
    const cursor = newestFirstCursor('audit', { created_at: 1_700_000_000_000, id: 'a1' });
    expect(readNewestFirstCursor('audit', cursor)).toEqual({
      createdAt: 1_700_000_000_000,
      id: 'a1',
    });
    expect(() => readNewestFirstCursor('feedback', cursor)).toThrow(AppError);
  });

  it('refuse forged ones naming the cursor', () => {
    const forged = [
      'not base64 json',
      Buffer.from(JSON.stringify(['audit', 1.5, 'a'])).toString('base64url'),
      Buffer.from(JSON.stringify(['audit', 1, 2])).toString('base64url'),
      Buffer.from(JSON.stringify(['audit', 1, 'a\u0000'])).toString('base64url'),
      Buffer.from(JSON.stringify({ list: 'audit' })).toString('base64url'),
    ];
    for (const cursor of forged) {
      let refusal: unknown;
      try {
        readNewestFirstCursor('audit', cursor);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).issues?.map((issue) => issue.path)).toEqual(['cursor']);
    }
  });
});

describe('keysetPage', () => {
  const rows = [1, 2, 3].map((n) => ({ id: `r${n}`, created_at: n }));
  const cursorOf = (row: { id: string }) => row.id;

  it('keeps the first rows and points past the last kept one when more were read', () => {
    expect(keysetPage(rows, 2, (row) => row.id, cursorOf)).toEqual({
      items: ['r1', 'r2'],
      nextCursor: 'r2',
    });
  });

  it('has no next page when the query read no extra row', () => {
    expect(keysetPage(rows, 3, (row) => row.id, cursorOf).nextCursor).toBeNull();
    expect(keysetPage([], 3, (row: { id: string }) => row.id, cursorOf)).toEqual({
      items: [],
      nextCursor: null,
    });
  });
});
