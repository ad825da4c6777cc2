/** The statuses of a zip built in the background (ZipBundle.status). */
export type ZipBundleStatus = 'PENDING' | 'BUILDING' | 'READY' | 'FAILED';

/** The fields of a ZipBundle the download helper and the basket read. */
export interface ZipBundleLike {
  status: string;
  error?: string | null;
  url?: string | null;
  num_files_to_add: number;
  num_files_added: number;
}

/** How a zip being built is shown. */
export type ZipBundleView =
  | { phase: 'loading'; added: number; total: number; /** 0–100, null before the count is known. */ percent: number | null }
  | { phase: 'ready'; url: string }
  | { phase: 'failed'; error: string | null };

/** How often a zip being built is asked about. */
export const ZIP_POLL_MS = 1_000;

/** SPEC 9: a download opens 100 to 500 ms after it is ready; the middle of that. */
export const DOWNLOAD_OPEN_DELAY_MS = 250;

/** Reads a bundle's status and counts into what the screen shows; READY without a URL is still loading. */
export function zipBundleView(bundle: ZipBundleLike): ZipBundleView {
  if (bundle.status === 'FAILED') return { phase: 'failed', error: bundle.error?.trim() || null };
  if (bundle.status === 'READY' && bundle.url) return { phase: 'ready', url: bundle.url };
  const total = Math.max(0, bundle.num_files_to_add);
  const added = Math.min(Math.max(0, bundle.num_files_added), total);
  return { phase: 'loading', added, total, percent: total > 0 ? Math.floor((added / total) * 100) : null };
}

/** Whether a bundle will not change any more, so polling stops. */
export function isSettled(bundle: ZipBundleLike): boolean {
  const view = zipBundleView(bundle);
  return view.phase !== 'loading';
}
