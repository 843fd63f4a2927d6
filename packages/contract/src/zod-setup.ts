import { z } from 'zod';

// In a browser, zod parses without compiling parsers through `new Function`: finding out whether
// it may tries it once, when the first object schema is made, and the app's Content-Security-
// Policy (script-src 'self', no 'unsafe-eval') reports that as a violation on every page
// (decision 0031). Imported first by the contract's index, so it runs before any schema is made;
// the server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
