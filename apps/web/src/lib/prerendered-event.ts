/**
 * The event the app sends the document once its first render of a prerendered page is in (before
 * the browser paints it): the page's own script then carries what the visitor typed over
 * (src/public/main.ts, lib/prerendered.ts; decision 0031, fourth pass).
 */
export const appRenderedEvent = 'glossa:app-rendered';
