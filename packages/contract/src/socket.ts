import { z } from 'zod';
import { memberRoleSchema } from './categories';
import { feedbackStatusSchema } from './feedback';
import { socketProtocolVersion } from './socket-codes';

export { socketCloseCodes, socketProtocolVersion } from './socket-codes';

/**
 * One server → client event of the websocket (`GET /api/socket`): its name and the schema of its
 * data, which stays small (ids and the changed fields, never whole lists).
 */
export function socketEvent<const T extends string, S extends z.ZodType>(type: T, data: S) {
  return z.strictObject({
    v: z.literal(socketProtocolVersion),
    type: z.literal(type),
    data,
  });
}

const id = z.string().min(1).max(100);
/** The names of the fields a change wrote (never their values: a reader refetches). */
const fields = z.array(z.string().max(60)).max(30);

/** The query of `GET /api/socket`: the seed's bearer value, `Bearer <base64 of the access JWT>`
 * (the bare base64 is taken too). */
export const socketQuerySchema = z.strictObject({
  Authorization: z.string().max(9000).optional(),
});

export const socketEventSchema = z.discriminatedUnion('type', [
  /** The first message of every connection: the server is there (the study outbox drains). */
  socketEvent('hello', z.strictObject({ userId: id, serverTime: z.number() })),
  /** The answer to the client's `ping`. */
  socketEvent('pong', z.strictObject({})),
  socketEvent('card.created', z.strictObject({ id, categoryId: id.nullable() })),
  socketEvent(
    'card.changed',
    z.strictObject({
      id,
      categoryId: id.nullable(),
      previousCategoryId: id.nullable().optional(),
      version: z.number().int(),
      fields,
    }),
  ),
  socketEvent('card.deleted', z.strictObject({ id, categoryId: id.nullable() })),
  /** Many cards at once (bulk move, bulk delete, import): the categories whose lists changed. */
  socketEvent(
    'cards.changed',
    z.strictObject({ categoryIds: z.array(id.nullable()).max(200), count: z.number().int() }),
  ),
  socketEvent('category.created', z.strictObject({ id, parentId: id.nullable() })),
  socketEvent('category.changed', z.strictObject({ id, fields })),
  socketEvent(
    'category.moved',
    z.strictObject({ id, parentId: id.nullable(), previousParentId: id.nullable() }),
  ),
  socketEvent('category.deleted', z.strictObject({ id })),
  /** A membership began, changed role or ended (role null: removed or left). */
  socketEvent(
    'membership.changed',
    z.strictObject({ categoryId: id, userId: id, role: memberRoleSchema.nullable() }),
  ),
  socketEvent(
    'invitation.changed',
    z.strictObject({
      id,
      categoryId: id,
      status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
    }),
  ),
  /**
   * A study write of the learner (review, override, undo): due counts and the combo moved. With
   * the write's clientReviewId, by which the tab that sent it knows its own answer (it has taken
   * in the result already, and reads nothing again).
   */
  socketEvent(
    'review.recorded',
    z.strictObject({ cardId: id.nullable(), clientReviewId: id.optional() }),
  ),
  socketEvent(
    'settings.changed',
    z.strictObject({ scope: z.enum(['user', 'study', 'account']), fields }),
  ),
  /** This tab's session ended: sign out at once. The socket closes with 4401 after it. */
  socketEvent('session.revoked', z.strictObject({ tokenId: id })),
  /** Every session of the account ended or the account was disabled: sign out at once. */
  socketEvent(
    'account.signedOut',
    z.strictObject({ reason: z.enum(['disabled', 'credentials', 'deleted']) }),
  ),
  /** Admins: a learner sent feedback. */
  socketEvent('feedback.created', z.strictObject({ id })),
  /** Admins: another admin marked an item read or resolved (the count of new ones moved). */
  socketEvent('feedback.changed', z.strictObject({ id, status: feedbackStatusSchema })),
  socketEvent('plan.changed', z.strictObject({ plan: z.enum(['free', 'premium']) })),
]);

export type SocketEvent = z.infer<typeof socketEventSchema>;
export type SocketEventType = SocketEvent['type'];
export type SocketEventData<T extends SocketEventType> = Extract<SocketEvent, { type: T }>['data'];

/** Builds an event of the current version. */
export function liveEvent<T extends SocketEventType>(
  type: T,
  data: SocketEventData<T>,
): SocketEvent {
  return { v: socketProtocolVersion, type, data } as SocketEvent;
}

/**
 * The only client → server message: a ping the client may send to check the connection (the
 * server answers `pong` as a text frame). Anything else closes the socket with 4400.
 */
export const socketClientMessageSchema = z.strictObject({ type: z.literal('ping') });
