import {
  ankiImportLimits,
  type AnkiImportBody,
  type AnkiImportResult,
  type AnkiMapping,
} from '@glossa/contract';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAnalyseAnki, useImportAnki } from '../api/anki-import-requests';
import { initialChoices, readFileBase64, type NoteTypeChoice } from './anki-file';

const errorMessage = (error: unknown) =>
  error instanceof ApiError ? error.message : t`The package could not be sent. Try again.`;

/**
 * Of the call in flight, the share of the package sent so far (0–1); null when no call is in
 * flight or the package is all sent (the server is at work).
 */
function sentShare(
  inFlight: boolean,
  upload: { sent: number; total: number } | null,
): number | null {
  if (!inFlight) return null;
  if (!upload) return 0;
  if (upload.sent >= upload.total) return null;
  return upload.total > 0 ? upload.sent / upload.total : 0;
}

/**
 * An Anki package in the import dialog: read and analysed as soon as it is chosen (its decks, note
 * types and a preview), each note type's mapping, the options, and the import with its summary.
 */
export function useAnkiImport() {
  const analyse = useAnalyseAnki();
  const run = useImportAnki();
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, NoteTypeChoice>>({});
  const [cloze, setCloze] = useState<AnkiImportBody['cloze']>('cards');
  const [history, setHistory] = useState(true);
  const [result, setResult] = useState<AnkiImportResult | null>(null);
  /** How much of the package the call in flight has sent; null before its first report. */
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const onUploadProgress = (sent: number, total: number) => setUpload({ sent, total });

  const reset = () => {
    setFile(null);
    setProblem(null);
    setChoices({});
    setCloze('cards');
    setHistory(true);
    setResult(null);
    setUpload(null);
    analyse.reset();
    run.reset();
  };

  const onFile = async (chosen: File | null) => {
    reset();
    if (!chosen) return;
    if (chosen.size > ankiImportLimits.packageBytesMax) {
      const megabytes = ankiImportLimits.packageBytesMax / 1024 / 1024;
      setProblem(t`The package is too large (at most ${megabytes} MB).`);
      return;
    }
    let base64: string;
    try {
      base64 = await readFileBase64(chosen);
    } catch {
      setProblem(t`The file could not be read.`);
      return;
    }
    setFile({ name: chosen.name, base64 });
    try {
      const analysis = await analyse.mutateAsync({ body: { file: base64 }, onUploadProgress });
      setChoices(initialChoices(analysis));
      setHistory(analysis.reviews > 0);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const mappings: AnkiMapping[] = Object.entries(choices).flatMap(([noteTypeId, choice]) =>
    choice ? [{ noteTypeId, ...choice }] : [],
  );

  const onImport = async (defaults: AnkiImportBody['defaults']) => {
    if (!file || mappings.length === 0) return;
    setProblem(null);
    setUpload(null);
    try {
      setResult(
        await run.mutateAsync({
          body: { file: file.base64, mappings, defaults, cloze, history },
          onUploadProgress,
        }),
      );
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return {
    file,
    analysis: analyse.data ?? null,
    analysing: analyse.isPending,
    importing: run.isPending,
    sending: sentShare(analyse.isPending || run.isPending, upload),
    problem,
    /** The import's failure, told in `problem` (a free plan's refusal shows the way to upgrade). */
    importError: run.error,
    choices,
    setChoice: (id: string, choice: NoteTypeChoice) =>
      setChoices((previous) => ({ ...previous, [id]: choice })),
    cloze,
    setCloze,
    history,
    setHistory,
    mappings,
    result,
    reset,
    onFile,
    onImport,
  };
}

export type AnkiImportState = ReturnType<typeof useAnkiImport>;
