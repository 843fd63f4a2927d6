import { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
/**
 * Strict security headers: no inline or foreign script, no framing, no sniffing. Inline styles
 * stay allowed because positioning primitives set style attributes. HSTS only behind TLS.
 */
export declare function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void>;
