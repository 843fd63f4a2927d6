import { t } from '@lingui/core/macro';
import type { ImportBody, ImportResult } from '@glossa/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useImportCards } from '../api/import-export-requests';
import { importSummary, rowIssues, type RowIssue } from './import-file';

export type Outcome =
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'imported'; result: ImportResult }
  /** The first issues of a 400, and the count of all (the server lists at most 100). */
  | { kind: 'issues'; message: string; issues: RowIssue[]; issueCount: number }
  /** Another failure, and the error (a free plan's refusal shows the way to upgrade). */
  | { kind: 'error'; message: string; error: unknown };

function outcomeOfError(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
    return {
      kind: 'issues',
      message: error.message,
      issues: rowIssues(error.issues),
      issueCount: error.issueCount,
    };
  }
  return {
    kind: 'error',
    message: error instanceof ApiError ? error.message : t`The file could not be sent. Try again.`,
    error,
  };
}

/**
 * "Check" (a dry run) and "Import", and their answer. Both first show what is missing; a
 * `null` request (something missing) is not sent. A finished import calls `onImported` (the
 * dialog closes) and says what it did in a toast.
 */
export function useImportSubmit({ onImported }: { onImported(): void }) {
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
      toast.success(importSummary(result));
      onImported();
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
    changed,
    reset,
    onCheck,
    onImport,
  };
}
