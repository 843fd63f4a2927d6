import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTokenClaims } from './token-claims';
import { decodedTokenSchema } from './tokens';

const claims = {
  iat: 1,
  nbf: 1,
  exp: 2,
  payload: { userId: 'u', tokenId: 't', digest: 'd' },
};

function schemaSays(value: unknown): unknown {
  const parsed = decodedTokenSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

describe('parseTokenClaims', () => {
  it('accepts what the schema accepts and refuses what it refuses', () => {
    const samples: unknown[] = [
      claims,
      { ...claims, extra: 1 },
      { ...claims, iat: 1.5 },
      { ...claims, exp: '2' },
      { ...claims, payload: { ...claims.payload, extra: 'x' } },
      { ...claims, payload: { userId: 'u', tokenId: 't' } },
      { ...claims, payload: null },
      { iat: 1, nbf: 1, exp: 2 },
      [],
      null,
      'claims',
      { ...claims, nbf: Number.NaN },
      { ...claims, exp: Number.POSITIVE_INFINITY },
    ];
    for (const sample of samples) expect(parseTokenClaims(sample)).toEqual(schemaSays(sample));
  });

  it('agrees with the schema on arbitrary values near the shape', () => {
    const scalar = fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null));
    const payload = fc.record(
      { userId: scalar, tokenId: scalar, digest: scalar, extra: scalar },
      { requiredKeys: [] },
    );
    const value = fc.oneof(
      fc.record(
        {
          iat: scalar,
          nbf: scalar,
          exp: scalar,
          payload: fc.oneof(payload, scalar),
          extra: scalar,
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(value, (sample) => {
        expect(parseTokenClaims(sample)).toEqual(schemaSays(sample));
      }),
    );
  });
});
