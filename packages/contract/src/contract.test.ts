import { describe, expect, it } from 'vitest';
import {
  decodedTokenSchema,
  defaultSchedulerSettings,
  editUserBodySchema,
  errorStatus,
  learningSettingsSchema,
  schedulerNumberSettings,
  userInfoSchema,
} from './index';

const info = {
  id: 'u1',
  isFreeloaded: false,
  username: 'ana',
  email: 'ana@example.com',
  isAutodetectLanguageEnabled: true,
  defaultFromLanguageCode: 'es',
  toLanguageCode: 'en',
  ...defaultSchedulerSettings,
};

describe('contract', () => {
  it('accepts exactly the seed UserInfo fields and refuses an extra key', () => {
    expect(userInfoSchema.parse(info)).toEqual(info);
    expect(userInfoSchema.safeParse({ ...info, role: 'admin' }).success).toBe(false);
  });

  it('keeps every scheduler default inside its bounds', () => {
    for (const [name, { default: value, min, max }] of Object.entries(schedulerNumberSettings)) {
      expect(value, name).toBeGreaterThanOrEqual(min);
      expect(value, name).toBeLessThanOrEqual(max);
    }
    const { id: _id, isFreeloaded: _f, username: _u, email: _e, ...settings } = info;
    expect(learningSettingsSchema.safeParse(settings).success).toBe(true);
  });

  it('names the field of an out-of-bounds setting', () => {
    const result = editUserBodySchema.safeParse({ amplitudeElevationGain: 9 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['amplitudeElevationGain']);
  });

  it('parses decoded tokens strictly', () => {
    const token = { iat: 1, nbf: 1, exp: 2, payload: { userId: 'a', tokenId: 'b', digest: 'c' } };
    expect(decodedTokenSchema.safeParse(token).success).toBe(true);
    expect(decodedTokenSchema.safeParse({ ...token, sub: 'x' }).success).toBe(false);
    expect(
      decodedTokenSchema.safeParse({ ...token, payload: { ...token.payload, role: 'admin' } })
        .success,
    ).toBe(false);
  });

  it('maps every error code to its HTTP status', () => {
    expect(errorStatus.conflict).toBe(409);
    expect(errorStatus.rate_limited).toBe(429);
  });
});
