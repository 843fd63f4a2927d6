import { z } from 'zod';
export declare const healthSchema: z.ZodObject<{
    status: z.ZodEnum<{
        ok: "ok";
        degraded: "degraded";
    }>;
    database: z.ZodEnum<{
        up: "up";
        down: "down";
    }>;
    uptimeSeconds: z.ZodNumber;
}, z.core.$strict>;
export type Health = z.infer<typeof healthSchema>;
