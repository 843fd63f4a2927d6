import { ApiError } from './api-client';

/**
 * The server refused a change made from a version that is no longer the current one (409
 * `conflict` naming `expectedVersion`): something else changed it since it was shown
 * (docs/decisions/0015-concurrent-writes.md).
 */
export function isStaleVersion(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'conflict' &&
    error.issues.some((issue) => issue.path === 'expectedVersion')
  );
}
