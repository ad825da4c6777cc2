import { formatBytes } from '@corner/domain';

/** How far one upload is, as its progress bar shows it. */
export interface ProgressView {
  /** Whole percent, 0 to 100 (never 100 before every byte is sent). */
  percent: number;
  /** "3.2 MB" */
  loadedText: string;
  /** "48 MB" */
  totalText: string;
}

/** The percent and the sizes of an upload that has sent `loaded` of `total` bytes. */
export function progressView(loaded: number, total: number): ProgressView {
  const safeTotal = Math.max(0, total);
  const safeLoaded = Math.min(Math.max(0, loaded), safeTotal);
  const percent = safeTotal === 0 ? 0 : Math.floor((safeLoaded / safeTotal) * 100);
  return { percent, loadedText: formatBytes(safeLoaded), totalText: formatBytes(safeTotal) };
}
