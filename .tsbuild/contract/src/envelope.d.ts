import { z } from 'zod';
/** The closed list of error codes (DESIGN.md §5) with the HTTP status each one answers. */
export declare const errorStatus: {
    readonly invalid_input: 400;
    readonly unauthorized: 401;
    readonly token_expired: 401;
    readonly plan_limit: 402;
    readonly forbidden: 403;
    readonly not_found: 404;
    readonly conflict: 409;
    readonly payload_too_large: 413;
    readonly rate_limited: 429;
    readonly internal_error: 500;
};
export type ErrorCode = keyof typeof errorStatus;
export declare const errorCodes: [ErrorCode, ...ErrorCode[]];
export declare const errorCodeSchema: z.ZodEnum<{
    invalid_input: "invalid_input";
    unauthorized: "unauthorized";
    token_expired: "token_expired";
    plan_limit: "plan_limit";
    forbidden: "forbidden";
    not_found: "not_found";
    conflict: "conflict";
    payload_too_large: "payload_too_large";
    rate_limited: "rate_limited";
    internal_error: "internal_error";
}>;
export declare const issueSchema: z.ZodObject<{
    path: z.ZodString;
    message: z.ZodString;
}, z.core.$strict>;
export type Issue = z.infer<typeof issueSchema>;
export declare const errorPayloadSchema: z.ZodObject<{
    message: z.ZodString;
    issues: z.ZodOptional<z.ZodArray<z.ZodObject<{
        path: z.ZodString;
        message: z.ZodString;
    }, z.core.$strict>>>;
}, z.core.$strict>;
export type ErrorPayload = z.infer<typeof errorPayloadSchema>;
export declare const errorEnvelopeSchema: z.ZodObject<{
    code: z.ZodEnum<{
        invalid_input: "invalid_input";
        unauthorized: "unauthorized";
        token_expired: "token_expired";
        plan_limit: "plan_limit";
        forbidden: "forbidden";
        not_found: "not_found";
        conflict: "conflict";
        payload_too_large: "payload_too_large";
        rate_limited: "rate_limited";
        internal_error: "internal_error";
    }>;
    payload: z.ZodObject<{
        message: z.ZodString;
        issues: z.ZodOptional<z.ZodArray<z.ZodObject<{
            path: z.ZodString;
            message: z.ZodString;
        }, z.core.$strict>>>;
    }, z.core.$strict>;
}, z.core.$strict>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
/** `{ code: "ok", payload }`: the success envelope around a payload schema. */
export declare function okEnvelope<T extends z.ZodType>(payload: T): z.ZodObject<{
    code: z.ZodLiteral<"ok">;
    payload: T;
}, z.core.$strict>;
export declare const emptyPayloadSchema: z.ZodNull;
export declare const okEmptyEnvelope: z.ZodObject<{
    code: z.ZodLiteral<"ok">;
    payload: z.ZodNull;
}, z.core.$strict>;
/** The answer of any call: success or one of the closed error codes. */
export declare function envelope<T extends z.ZodType>(payload: T): z.ZodUnion<readonly [z.ZodObject<{
    code: z.ZodLiteral<"ok">;
    payload: T;
}, z.core.$strict>, z.ZodObject<{
    code: z.ZodEnum<{
        invalid_input: "invalid_input";
        unauthorized: "unauthorized";
        token_expired: "token_expired";
        plan_limit: "plan_limit";
        forbidden: "forbidden";
        not_found: "not_found";
        conflict: "conflict";
        payload_too_large: "payload_too_large";
        rate_limited: "rate_limited";
        internal_error: "internal_error";
    }>;
    payload: z.ZodObject<{
        message: z.ZodString;
        issues: z.ZodOptional<z.ZodArray<z.ZodObject<{
            path: z.ZodString;
            message: z.ZodString;
        }, z.core.$strict>>>;
    }, z.core.$strict>;
}, z.core.$strict>]>;
