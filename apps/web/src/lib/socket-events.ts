// The websocket's events checked against the contract (lib/live-updates.ts), in a chunk of their
// own: the union of every event's schema, with the schemas of the categories and feedback it
// names, is made as the socket opens, in a task of its own, and not in the one that makes the
// api client's checks (contract-schemas.ts) as the page starts (decision 0031, eighth pass).
import { socketEventSchema, type SocketEvent } from '@glossa/contract';

/** A websocket event of this protocol version, or null. */
export function socketEventOf(data: unknown): SocketEvent | null {
  const parsed = socketEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
