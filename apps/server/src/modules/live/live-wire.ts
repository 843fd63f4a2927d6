import { socketEventSchema, type SocketEvent } from '@glossa/contract';
import { z } from 'zod';
import type { LiveAudience } from '../../app-deps';
import { maxNotifyBytes } from './live-bus';

// What travels between instances (docs/decisions/0032-live-updates.md).

const id = z.string().min(1).max(100);
/** What travels on the bus: an event and who it is for, or "check this learner's sockets". */
export const wireSchema = z.union([
  z.strictObject({
    event: socketEventSchema,
    audience: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('user'), userId: id }),
      z.strictObject({ kind: z.literal('admins') }),
      z.strictObject({
        kind: z.literal('category'),
        categoryId: id,
        users: z.array(id).optional(),
      }),
      // A long `users` list split off a category's audience (notifications stay small).
      z.strictObject({ kind: z.literal('users'), userIds: z.array(id) }),
    ]),
  }),
  z.strictObject({ recheck: id }),
]);
export type Wire = z.infer<typeof wireSchema>;
export type WireAudience = Extract<Wire, { event: unknown }>['audience'];

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The messages for one event: one when it fits a notification, else the category's readers in
 * one and its extra users in as many more as needed (such a user may then get it twice; an event
 * only makes a client read again, so twice does no harm).
 */
export function wireMessages(event: SocketEvent, audience: LiveAudience): string[] {
  const whole = JSON.stringify({ event, audience } satisfies Wire);
  if (byteLength(whole) <= maxNotifyBytes) return [whole];
  if (audience.kind !== 'category' || !audience.users) {
    throw new Error(`The live event ${event.type} does not fit a notification`);
  }
  const messages = [JSON.stringify({ event, audience: { ...audience, users: undefined } })];
  const base = byteLength(JSON.stringify({ event, audience: { kind: 'users', userIds: [] } }));
  let chunk: string[] = [];
  let size = base;
  for (const userId of audience.users) {
    if (size + userId.length + 3 > maxNotifyBytes && chunk.length > 0) {
      messages.push(JSON.stringify({ event, audience: { kind: 'users', userIds: chunk } }));
      chunk = [];
      size = base;
    }
    chunk.push(userId);
    size += userId.length + 3;
  }
  if (chunk.length > 0) {
    messages.push(JSON.stringify({ event, audience: { kind: 'users', userIds: chunk } }));
  }
  return messages;
}
