import type { ImportBody, ImportResult } from '@glossa/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useImportCards } from '../api/import-export-requests';
import { plural, rowIssues, type RowIssue } from './import-file';

export type Outcome =
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'imported'; result: ImportResult }
  | { kind: 'issues'; message: string; issues: RowIssue[] }
  | { kind: 'error'; message: string };

function outcomeOfError(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
    return { kind: 'issues', message: error.message, issues: rowIssues(error.issues) };
  }
  return {
    kind: 'error',
    message: error instanceof ApiError ? error.message : 'The file could not be sent. Try again.',
  };
}

/**
 * "Check" (a dry run) and "Import", and their answer. Both first show what is missing; a
 * `null` request (something missing) is not sent.
 */
export function useImportSubmit() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const check = useImportCards();
  const run = useImportCards();
  const outcomeRef = useRef<HTMLDivElement>(null);

  /** Any change to the file or the options drops the answer, which was about the old ones. */
  const changed = () => {
    setOutcome(null);
    check.reset();
    run.reset();
  };

  const reset = () => {
    changed();
    setShowErrors(false);
  };

  const onCheck = async (request: ImportBody | null) => {
    setShowErrors(true);
    if (!request) return;
    run.reset();
    try {
      setOutcome({ kind: 'checked', result: await check.mutateAsync(request) });
    } catch (error) {
      setOutcome(outcomeOfError(error));
    }
  };

  const onImport = async (request: ImportBody | null) => {
    setShowErrors(true);
    if (!request) return;
    check.reset();
    setOutcome(null);
    try {
      const result = await run.mutateAsync(request);
      setOutcome({ kind: 'imported', result });
      toast.success(
        `${plural(result.imported, 'card')} imported${
          result.createdCategories > 0
            ? `, ${plural(result.createdCategories, 'category', 'categories')} created`
            : ''
        }.`,
      );
    } catch (error) {
      setOutcome(outcomeOfError(error));
    }
  };

  // The answer of Check or Import (often the bad-row report) shows at the end of a long dialog.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);

  return {
    outcome,
    showErrors,
    outcomeRef,
    checking: check.isPending,
    importing: run.isPending,
    /** The count of imported cards once an import succeeded, else null. */
    imported: outcome?.kind === 'imported' ? outcome.result.imported : null,
    changed,
    reset,
    onCheck,
    onImport,
  };
}
