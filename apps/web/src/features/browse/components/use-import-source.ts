import { importLimits, type ImportField } from '@glossa/contract';
import { t } from '@lingui/core/macro';
import { useMemo, useState, type ChangeEvent } from 'react';
import {
  countDataLines,
  detectFormat,
  guessMapping,
  parseRecords,
  readFileText,
  type ColumnMapping,
  type FilePreview,
  type ImportFormat,
} from './import-file';

/** Rows shown in the preview (after the header). */
const previewRows = 5;

export interface LoadedFile {
  name: string;
  text: string;
}

const emptyMapping: ColumnMapping = {
  front: '',
  answers: '',
  notes: '',
  category: '',
  from: '',
  to: '',
  reverse: '',
};

const emptyPreview: FilePreview = { records: [], problem: null };

/**
 * The file to import: reading it, its format, the first rows for the preview and which column
 * holds which field. `onChange` runs on every change, so that an earlier answer is dropped.
 */
export function useImportSource(onChange: () => void) {
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  // A chosen file is being read and parsed (the parser may still be loading): Check and Import
  // wait for it, or they would send the file chosen before, or none.
  const [reading, setReading] = useState(false);
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [mapping, setMapping] = useState<ColumnMapping>(emptyMapping);
  const [preview, setPreview] = useState<FilePreview>(emptyPreview);

  const header = preview.records[0] ?? [];
  const rows = preview.records.slice(1);
  const rowCount = useMemo(() => (file ? countDataLines(file.text) : 0), [file]);

  const reset = () => {
    setFile(null);
    setReadError(null);
    setMapping(emptyMapping);
    setPreview(emptyPreview);
  };

  /** The preview in a format, and the mapping guessed from its header. */
  const read = async (text: string, next: ImportFormat) => {
    const first = await parseRecords(text, next, previewRows + 1);
    setPreview(first);
    setMapping(guessMapping(first.records[0] ?? []));
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setReading(true);
    try {
      await readChosen(event.target.files?.[0]);
    } finally {
      setReading(false);
    }
  };

  const readChosen = async (chosen: File | undefined) => {
    onChange();
    setReadError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    let text: string;
    try {
      text = await readFileText(chosen);
    } catch {
      setFile(null);
      setReadError(t`The file could not be read.`);
      return;
    }
    if (text.trim() === '') {
      setFile(null);
      setReadError(t`The file is empty.`);
      return;
    }
    if (text.length > importLimits.textMax) {
      setFile(null);
      setReadError(t`The file is too large (at most 20 MB of text).`);
      return;
    }
    const detected = detectFormat(chosen.name, text);
    await read(text, detected);
    setFile({ name: chosen.name, text });
    setFormat(detected);
  };

  const onFormat = (next: ImportFormat) => {
    onChange();
    setFormat(next);
    if (file) void read(file.text, next);
  };

  const onColumn = (field: ImportField, column: string) => {
    onChange();
    setMapping((previous) => ({ ...previous, [field]: column }));
  };

  return {
    file,
    reading,
    readError,
    format,
    mapping,
    header,
    rows,
    previewProblem: preview.problem,
    rowCount,
    reset,
    onFile,
    onFormat,
    onColumn,
  };
}

export type ImportSource = ReturnType<typeof useImportSource>;
