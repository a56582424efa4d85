import { MAX_PAGE_SIZE } from '@blotter/shared/schemas/common';
import { useEffect, useRef, useState } from 'react';
import { reportError } from '../../../lib/query-client';
import { csvFileName, downloadCsv } from '../export/csv';
import { type ExportProgress, fetchAllPages, type PageFetcher } from '../export/fetch-all-pages';

/**
 * 'Export to excel' of a server-paged list: reads every page of the list (100 rows a request),
 * shows how far it got, and saves the CSV named after the title. The CSV holds what the table
 * shows (the chosen columns with the texts of their cells), so it is made here from the rows.
 * Leaving the list (closing the dialog) stops the reading.
 */
export function usePagedExport<Row extends { id: string }>(
  title: string,
  fetchPage: PageFetcher<Row>,
  toCsv: (rows: readonly Row[]) => string,
) {
  const [progress, setProgress] = useState<ExportProgress | undefined>(undefined);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ loaded: 0, total: 0 });
    try {
      const rows = await fetchAllPages(fetchPage, MAX_PAGE_SIZE, setProgress, controller.signal);
      if (!controller.signal.aborted) downloadCsv(csvFileName(title), toCsv(rows));
    } catch (error) {
      if (!controller.signal.aborted) reportError(error, false);
    } finally {
      running.current = undefined;
      if (!controller.signal.aborted) setProgress(undefined);
    }
  };
  return { progress, start };
}
