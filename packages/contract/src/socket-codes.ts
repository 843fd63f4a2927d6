// The socket's version and close codes, without zod (the web reads them before its first paint;
// decision 0031).

/**
 * The version of the socket's messages. A client that meets another version has an old build:
 * it reloads rather than misreading events.
 */
export const socketProtocolVersion = 1;

/** Close codes the client acts on (1001 "going away" aside: a server stopping). */
export const socketCloseCodes = {
  /** The credential is missing, bad or expired, or its session ended: refresh or sign out. */
  unauthorized: 4401,
  /** The account's sessions all ended (signed out everywhere, password changed, disabled). */
  signedOut: 4403,
  /** Too many sockets of one user, or a client that reads too slowly: reconnect later. */
  overloaded: 4429,
  /** A client → server message that is not one of the schema's. */
  badMessage: 4400,
} as const;
