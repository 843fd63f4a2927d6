import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGradeSettings, gradeNumberSettings, gradeSettingsSchema } from '@glossa/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

/**
 * The seven numbers version 2 adds (issue 17; decision 0030): GET and PUT /api/study/scheduler,
 * the learner's own, defaults until set, each bounded, the body a strict object of all seven.
 */
describe('study: the learner’s version-2 numbers', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 10, 20, 12);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });
  const { api } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );

  it('answers the defaults until set, then the learner’s own, and leaves others alone', async () => {
    const ana = await createUser(t);
    const ben = await createUser(t);
    const got = await api().call('GET', '/api/study/scheduler', ana);
    expect(got.status).toBe(200);
    expect(gradeSettingsSchema.parse(got.payload)).toEqual(defaultGradeSettings);

    const mine = {
      initialElevationMissed: -3,
      initialElevationClose: 1.25,
      initialElevationExact: 8,
      initialElevationQuick: 6.5,
      closeGainFactor: 1,
      quickGainFactor: 1,
      firstMissDifficulty: 3,
    };
    const put = await api().call('PUT', '/api/study/scheduler', ana, mine);
    expect(put.status, JSON.stringify(put.payload)).toBe(200);
    expect(put.payload).toEqual(mine);
    expect((await api().call('GET', '/api/study/scheduler', ana)).payload).toEqual(mine);
    expect((await api().call('GET', '/api/study/scheduler', ben)).payload).toEqual(
      defaultGradeSettings,
    );
    // A second put replaces all seven.
    const again = { ...defaultGradeSettings, quickGainFactor: 2.5 };
    expect((await api().call('PUT', '/api/study/scheduler', ana, again)).payload).toEqual(again);
  });

  it('refuses a number out of bounds, a missing one, a text or an unknown key, naming the field', async () => {
    const user = await createUser(t);
    const bad: [Record<string, unknown>, string][] = [];
    for (const [name, bounds] of Object.entries(gradeNumberSettings)) {
      bad.push([{ ...defaultGradeSettings, [name]: bounds.min - 0.01 }, name]);
      bad.push([{ ...defaultGradeSettings, [name]: bounds.max + 0.01 }, name]);
      bad.push([{ ...defaultGradeSettings, [name]: String(bounds.default) }, name]);
    }
    const { firstMissDifficulty: _, ...missing } = defaultGradeSettings;
    bad.push([missing, 'firstMissDifficulty']);
    bad.push([{ ...defaultGradeSettings, initialElevation: 1 }, '']);
    for (const [body, field] of bad) {
      const res = await api().call('PUT', '/api/study/scheduler', user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.code).toBe('invalid_input');
      const paths = res.payload.issues?.map((issue) => issue.path) ?? [];
      if (field) expect(paths).toContain(field);
    }
    expect((await api().call('GET', '/api/study/scheduler', user)).payload).toEqual(
      defaultGradeSettings,
    );
  });
});
