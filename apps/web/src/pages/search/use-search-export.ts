import type { ResultColumn } from '@blotter/shared/presentation';
import type { SearchRequest } from '@blotter/shared/schemas/search';
import { useEffect, useRef, useState } from 'react';
import { downloadBlob, type ExportProgress, type ListExporter } from '../../features/incident-results';
import { useExportSearch } from '../../features/search/api/export-search';

/** The progress shows at most this often while rows stream in (each change re-renders the toolbar). */
const PROGRESS_EVERY_MS = 100;

/**
 * 'Export to excel' of a search: the server streams every matching row as CSV in the shown columns
 * and order; the toolbar counts the rows received against the known total (none when the total is
 * capped), and the file is saved under the server's name. Leaving the results stops the download.
 */
export function useSearchExport(request: SearchRequest, title: string, total: number | undefined): ListExporter {
  const [progress, setProgress] = useState<ExportProgress | undefined>(undefined);
  const running = useRef<AbortController | undefined>(undefined);
  const exportSearch = useExportSearch();
  useEffect(() => () => running.current?.abort(), []);

  const start = async (columns: readonly ResultColumn[]) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const known = total ?? 0;
    setProgress({ loaded: 0, total: known });
    let shownAt = 0;
    try {
      const file = await exportSearch.mutateAsync({
        request: { ...request, columns: columns.map((column) => column.id), title },
        signal: controller.signal,
        onRows: (rows) => {
          const now = Date.now();
          if (now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          setProgress({ loaded: known ? Math.min(rows, known) : rows, total: known });
        },
      });
      if (!controller.signal.aborted) downloadBlob(file.fileName, file.blob);
    } catch {
      // The mutation's error toast said why (an abort says nothing).
    } finally {
      running.current = undefined;
      if (!controller.signal.aborted) setProgress(undefined);
    }
  };
  return { start: (columns) => void start(columns), progress };
}
