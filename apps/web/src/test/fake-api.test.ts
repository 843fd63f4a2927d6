import { api, type StudyQueue } from '@glossa/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest } from '../lib/api-client';
import { saveSession } from '../lib/session';
import { failure, fakeApi, file, ok, unreachable } from './fake-api';
import { makeTokenPair } from './tokens';

const queue: StudyQueue = { items: [], dueCount: 0, newCount: 0 };

describe('the fake server', () => {
  it('answers a call by its entry, with its inputs as the entry’s schemas parse them', async () => {
    saveSession(makeTokenPair());
    const fake = fakeApi()
      .on(api.study.queue, ({ query }) => ok({ ...queue, dueCount: query.categoryId ? 1 : 2 }))
      .on(api.study.override, ({ params }) =>
        failure(404, 'not_found', `No review ${params.clientReviewId}`),
      );

    expect(await apiRequest(api.study.queue, { query: { categoryId: 'c 1' } })).toEqual({
      ...queue,
      dueCount: 1,
    });
    await expect(
      apiRequest(api.study.override, { params: { clientReviewId: 'review-0001' } }),
    ).rejects.toMatchObject({ status: 404, message: 'No review review-0001' });

    expect(fake.callsTo(api.study.queue)).toEqual([
      expect.objectContaining({
        url: '/api/study/queue?categoryId=c+1',
        query: { categoryId: 'c 1', limit: 50, mode: 'study' },
      }),
    ]);
    expect(fake.calls.map((call) => call.route)).toEqual([api.study.queue, api.study.override]);
    expect(fake.fetch).toHaveBeenCalledTimes(2);
  });

  it('reads the body as the entry parses it, and the headers sent', async () => {
    const pair = saveSession(makeTokenPair());
    const fake = fakeApi().on(api.study.review, ({ body }) =>
      failure(409, 'conflict', `${body.cardId} ${body.guess}`),
    );
    const body = { cardId: 'card-1', guess: 'la', clientReviewId: 'review-0001', elapsedMs: 5 };

    await expect(apiRequest(api.study.review, { body })).rejects.toMatchObject({
      message: 'card-1 la',
    });
    const [call] = fake.callsTo(api.study.review);
    expect(call?.body).toEqual(body);
    expect(call?.headers.authorization).toBe(`Bearer ${btoa(pair.encodedAccessToken)}`);
  });

  it('tells a path of the table from another with parameters (static first)', async () => {
    saveSession(makeTokenPair());
    const fake = fakeApi()
      .on(api.cards.export, () => file('[]', 'application/json', 'cards.json'))
      .on(api.cards.get, ({ params }) => failure(404, 'not_found', params.id));

    await expect(apiRequest(api.cards.get, { params: { id: 'export-2' } })).rejects.toMatchObject({
      message: 'export-2',
    });
    expect(fake.calls[0]?.route).toBe(api.cards.get);
  });

  it('answers no call when the network is down', async () => {
    fakeApi().on(api.health.check, () => unreachable());
    const error = await apiRequest(api.health.check).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'network_error' });
  });

  it.fails(
    'fails the test when a call has no answer, even if the app swallows the error',
    async () => {
      fakeApi();
      await apiRequest(api.health.check).catch(() => undefined);
    },
  );

  it.fails('fails the test when a body does not match its entry', async () => {
    saveSession(makeTokenPair());
    fakeApi().on(api.study.review, () => failure(400, 'invalid_input', 'Refused'));
    const body = { cardId: 'card-1', guess: 'la', clientReviewId: 'no', elapsedMs: 5 };
    await apiRequest(api.study.review, { body }).catch(() => undefined);
  });
});
