/** A file the browser is about to save: its name and bytes. */
export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

/** Saves the data as a file through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a data: URL (a chart's PNG) as a file. */
export function downloadDataUrl(fileName: string, dataUrl: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) before filename;
 * `fallback` when there is none. Path separators are dropped, so a name cannot point elsewhere.
 */
export function contentDispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = plain?.[2] ?? plain?.[1]?.trim();
  }
  const safe = name?.replace(/[\\/]/g, '_').trim();
  return safe || fallback;
}
