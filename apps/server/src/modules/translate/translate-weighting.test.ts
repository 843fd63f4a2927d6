import { translateResultSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { addMember, caller, cardBody, uniqueLabel } from '../categories/sharing.test-support';

/**
 * Suggestions drawn from public cards count accounts, not cards: one owner counts once per
 * suggestion whatever the number of their cards, and learners studying a card count too
 * (docs/decisions/0016-invitations.md). One account publishing many cards cannot outrank a
 * translation several give.
 */
describe('translation suggestions weighted by accounts', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const suggest = async (user: TestUser, text: string) => {
    const res = await api.call('POST', '/api/translate', user, { text, from: 'es', to: 'en' });
    expect(res.status).toBe(200);
    return translateResultSchema.parse(res.payload).suggestions.map((s) => s.text);
  };

  const publicCategory = async (owner: TestUser) =>
    String(
      (
        await api.must('POST', '/api/categories', owner, {
          name: uniqueLabel('Public'),
          visibility: 'public',
        })
      )['id'],
    );

  /** Imports `rows` (front, answers) as cards of a new public category of `owner`. */
  async function publish(owner: TestUser, rows: [string, string][]) {
    const categoryId = await publicCategory(owner);
    const text = ['front,answers', ...rows.map(([front, answers]) => `${front},${answers}`)].join(
      '\n',
    );
    const res = await api.call('POST', '/api/cards/import', owner, {
      format: 'csv',
      text,
      mapping: { front: 'front', answers: 'answers' },
      defaults: { fromLanguageCode: 'es', toLanguageCode: 'en', categoryId },
    });
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    expect(res.payload['imported']).toBe(rows.length);
    return categoryId;
  }

  it('500 cards of one owner do not outrank 3 owners agreeing', async () => {
    const front = uniqueLabel('el gato');
    const poisoner = await createUser(t);
    await publish(
      poisoner,
      Array.from({ length: 500 }, () => [front, 'dog']),
    );
    for (let i = 0; i < 3; i += 1) await publish(await createUser(t), [[front, 'cat']]);
    const learner = await createUser(t);
    expect(await suggest(learner, front)).toEqual(['cat', 'dog']);
  });

  it('500 cards of one owner, each with its own answer, do not crowd out the others', async () => {
    const front = uniqueLabel('el perro');
    const poisoner = await createUser(t);
    await publish(
      poisoner,
      Array.from({ length: 500 }, (_, i) => [front, `spam ${i}`]),
    );
    await publish(await createUser(t), [[front, 'dog']]);
    await publish(await createUser(t), [[front, 'dog; hound']]);
    const learner = await createUser(t);
    const suggestions = await suggest(learner, front);
    expect(suggestions[0]).toBe('dog');
    expect(suggestions).toContain('hound');
    // The one owner's answers are read from a few of their cards only.
    expect(suggestions.filter((text) => text.startsWith('spam')).length).toBeLessThanOrEqual(3);
  });

  it('learners studying a card count once each, with its owner', async () => {
    const front = uniqueLabel('la casa');
    // Two owners agree on "house"; one owner's "home" is studied by two members.
    await publish(await createUser(t), [[front, 'house']]);
    await publish(await createUser(t), [[front, 'house']]);
    const teacher = await createUser(t);
    const classId = await publish(teacher, [[front, 'home']]);
    const cards = await api.must('GET', `/api/cards?categoryId=${classId}`, teacher);
    const cardId = (cards['items'] as { id: string }[])[0]?.id;
    for (let i = 0; i < 2; i += 1) {
      const student = await createUser(t);
      await addMember(t, teacher, classId, student, 'viewer');
      await api.must('POST', '/api/study/reviews', student, {
        cardId,
        guess: 'home',
        clientReviewId: `weight-${i}-${student.id}`,
        elapsedMs: 1500,
      });
    }
    const learner = await createUser(t);
    expect(await suggest(learner, front)).toEqual(['home', 'house']);
  });

  it('the learner’s own answer still comes first', async () => {
    const front = uniqueLabel('el libro');
    for (let i = 0; i < 3; i += 1) await publish(await createUser(t), [[front, 'book']]);
    const learner = await createUser(t);
    await api.must('POST', '/api/cards', learner, cardBody({ front, answers: ['tome'] }));
    expect(await suggest(learner, front)).toEqual(['tome', 'book']);
  });
});
