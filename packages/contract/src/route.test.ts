import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, apiRoutes } from './api/index';
import {
  fileResponse,
  fillPath,
  isFileResponse,
  queryString,
  route,
  successResponse,
  successStatus,
} from './route';
import { socketEvent } from './socket';

describe('the route table', () => {
  it('names each method and path once, and every path parameter has its schema', () => {
    const seen = new Set<string>();
    for (const { spec } of apiRoutes()) {
      const key = `${spec.method} ${spec.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      const names = [...spec.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
      const shape = spec.params instanceof z.ZodObject ? Object.keys(spec.params.shape) : [];
      expect(shape.sort(), key).toEqual(names.sort());
    }
  });

  it('gives every call a success answer and reads no body on GET and DELETE', () => {
    for (const { spec } of apiRoutes()) {
      expect(() => successResponse(spec)).not.toThrow();
      if (spec.method === 'GET' || spec.method === 'DELETE') expect(spec.body).toBeUndefined();
    }
  });

  it('answers 201 for the calls that create and a file for the card export', () => {
    expect(successStatus(api.cards.create)).toBe(201);
    expect(successStatus(api.cards.get)).toBe(200);
    expect(isFileResponse(successResponse(api.cards.export))).toBe(true);
    expect(isFileResponse(successResponse(api.cards.get))).toBe(false);
  });
});

describe('fillPath', () => {
  it('fills and encodes each parameter', () => {
    expect(fillPath('/api/categories/:id/members/:userId', { id: 'a b', userId: 'c/d' })).toBe(
      '/api/categories/a%20b/members/c%2Fd',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => fillPath('/api/cards/:id', {})).toThrow(/needs id/);
  });
});

describe('queryString', () => {
  it('keeps the given order and leaves out undefined and null values', () => {
    expect(queryString({ format: 'csv', categoryId: undefined, limit: 50, q: null })).toBe(
      '?format=csv&limit=50',
    );
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});

describe('route', () => {
  it('keeps the entry as written', () => {
    const entry = route({
      method: 'GET',
      path: '/api/example',
      access: 'public',
      summary: 'An example',
      responses: { 200: fileResponse },
    });
    expect(entry.path).toBe('/api/example');
    expect(successStatus(entry)).toBe(200);
  });
});

describe('socketEvent', () => {
  it('reads an event of its type and version and refuses any other', () => {
    const changed = socketEvent('card.changed', z.strictObject({ id: z.string() }));
    expect(changed.parse({ v: 1, type: 'card.changed', data: { id: 'c1' } }).data.id).toBe('c1');
    expect(changed.safeParse({ v: 2, type: 'card.changed', data: { id: 'c1' } }).success).toBe(
      false,
    );
    expect(changed.safeParse({ v: 1, type: 'card.deleted', data: { id: 'c1' } }).success).toBe(
      false,
    );
  });
});
