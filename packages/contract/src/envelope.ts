import { z } from 'zod';
import { requestLimits } from './limits';

/** The closed list of error codes (docs/design.md §5) with the HTTP status each one answers. */
export const errorStatus = {
  invalid_input: 400,
  unauthorized: 401,
  token_expired: 401,
  plan_limit: 402,
  forbidden: 403,
  /** Sign-in to an account an admin disabled (decision 0033). */
  account_disabled: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(errorCodes);

export const issueSchema = z.strictObject({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof issueSchema>;

/**
 * An error's message and, for bad input, its issues: at most `requestLimits.errorListMax` of them
 * (the first ones), so that an answer stays small whatever the input (an import of 50,000 bad
 * rows); `issueCount` then counts all of them, and is present only when the list was cut.
 */
export const errorPayloadSchema = z.strictObject({
  message: z.string(),
  issues: z.array(issueSchema).max(requestLimits.errorListMax).optional(),
  issueCount: z.number().int().min(0).optional(),
});
export type ErrorPayload = z.infer<typeof errorPayloadSchema>;

export const errorEnvelopeSchema = z.strictObject({
  code: errorCodeSchema,
  payload: errorPayloadSchema,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** `{ code: "ok", payload }`: the success envelope around a payload schema. */
export function okEnvelope<T extends z.ZodType>(payload: T) {
  return z.strictObject({ code: z.literal('ok'), payload });
}

export const emptyPayloadSchema = z.null();
export const okEmptyEnvelope = okEnvelope(emptyPayloadSchema);

/** The answer of any call: success or one of the closed error codes. */
export function envelope<T extends z.ZodType>(payload: T) {
  return z.union([okEnvelope(payload), errorEnvelopeSchema]);
}
