import type { FastifyInstance } from 'fastify';
/** Rate limits are opt-in per route (`config.rateLimit`); only the auth and mail calls use them. */
export declare function registerRateLimit(app: FastifyInstance): Promise<void>;
/** The per-route settings of the sign-in, sign-up, refresh and mail calls. */
export declare function authRateLimit(app: FastifyInstance, factor?: number): {
    rateLimit: {
        max: number;
        timeWindow: string;
    };
};
