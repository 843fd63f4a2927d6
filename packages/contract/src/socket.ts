import { z } from 'zod';

/**
 * The version of the socket's messages. A client that meets another version has an old build:
 * it reloads rather than misreading events.
 */
export const socketProtocolVersion = 1;

/**
 * One server → client event of the websocket (`GET /api/socket`): its name and the schema of its
 * data, which stays small (ids and the changed fields, never whole lists). The events themselves
 * are listed where the live updates are built, as one discriminated union of these.
 */
export function socketEvent<const T extends string, S extends z.ZodType>(type: T, data: S) {
  return z.strictObject({
    v: z.literal(socketProtocolVersion),
    type: z.literal(type),
    data,
  });
}
