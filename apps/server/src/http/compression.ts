import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 KiB and more on the fly (brotli or gzip, as the client accepts): the
 * lists and pages of the API. Smaller ones, the hot study answers among them, go as they are: at
 * that size compressing costs more than it saves. Brotli at quality 4, not its default 11, which
 * is meant for files compressed once (the web build's files are, at build time, and the static
 * server sends those as they are). Request bodies are not decompressed: the body limit stays the
 * bytes received (decision 0031).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}
