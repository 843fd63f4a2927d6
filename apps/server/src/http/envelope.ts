/** The success envelope (docs/design.md §5). Errors get theirs from the error handler. */
export function ok<T>(payload: T): { code: 'ok'; payload: T } {
  return { code: 'ok', payload };
}
