import { requestLimits } from '@glossa/contract';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors';

const quote = 0x22;
const backslash = 0x5c;
const openers = new Set([0x5b, 0x7b]); // [ {
const closers = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether a JSON text nests arrays and objects deeper than `max`: one pass over the characters,
 * no recursion, stopping at the first level too deep. Brackets inside strings do not count. Text
 * that is not JSON may be miscounted; the parser refuses it anyway.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === backslash) i += 1;
      else if (char === quote) inString = false;
    } else if (char === quote) {
      inString = true;
    } else if (openers.has(char)) {
      depth += 1;
      if (depth > max) return true;
    } else if (closers.has(char)) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies are parsed by Fastify's own parser (prototype poisoning refused), after their
 * nesting is checked: no request of the contract nests more than a few levels, and every walk of
 * a parsed body (the NUL guard, the schemas) then stays shallow.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const max = requestLimits.jsonDepthMax;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // A signed webhook's handler checks the signature over the exact text: it gets the text.
    if ((request.routeOptions.config as { rawBody?: boolean } | undefined)?.rawBody) {
      done(null, text);
      return;
    }
    if (nestsDeeperThan(text, max)) {
      done(invalidInput('body', `The body may nest arrays and objects at most ${max} deep`));
      return;
    }
    parse(request, text, done);
  });
}
