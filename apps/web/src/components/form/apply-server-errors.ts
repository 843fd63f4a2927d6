import { t } from '@lingui/core/macro';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** Where the form-level message goes: `errors.root.server`, shown by `FormAlert`. */
export const serverErrorKey = 'root.server';

const fallbackMessage = () => t`Something went wrong. Please try again.`;

/**
 * Puts each issue of a failed call at its field (issue path → field name, the last segment also
 * matches so `body.username` lands on `username`) and everything else (the message, or issues of
 * fields the form does not show) in the form alert. Returns true when at least one field got an
 * error, so a caller can skip its own fallback.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) {
    setError(serverErrorKey, { type: 'server', message: fallbackMessage() });
    return false;
  }
  const known = new Set<string>(knownFields);
  const rest: string[] = [];
  let placed = false;
  for (const issue of error.issues) {
    const field = matchField(issue.path, known);
    if (field) {
      setError(
        field as Path<T>,
        { type: 'server', message: issue.message },
        { shouldFocus: !placed },
      );
      placed = true;
    } else {
      rest.push(issue.message);
    }
  }
  if (!placed || rest.length > 0) {
    // The message first when no field explains the failure; issues often repeat it, so dedupe.
    const parts = [...new Set([...(placed ? [] : [error.message]), ...rest].filter(Boolean))];
    setError(serverErrorKey, { type: 'server', message: parts.join(' ') || fallbackMessage() });
  }
  return placed;
}

function matchField(path: string, known: Set<string>): string | undefined {
  if (known.has(path)) return path;
  const last = path.split('.').pop();
  return last !== undefined && known.has(last) ? last : undefined;
}
