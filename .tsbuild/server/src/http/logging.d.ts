import type { FastifyServerOptions } from 'fastify';
export interface LogStream {
    write(line: string): void;
}
import type { Config } from '../config';
/** Removes the value of any Authorization query parameter (the websocket's bearer). */
export declare function redactUrl(url: string): string;
export declare function loggerOptions(level: Config['logLevel'], stream?: LogStream): FastifyServerOptions['logger'];
