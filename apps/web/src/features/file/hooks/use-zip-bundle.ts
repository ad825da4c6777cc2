import type { ResultOf } from 'gql.tada';
import { useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { openDownload } from '../../../ui/open-download';
import { StaffBasketQuery, ZipBundleQuery, type ZipBundleFragment } from '../graphql';
import { DOWNLOAD_OPEN_DELAY_MS, ZIP_POLL_MS, zipBundleView, type ZipBundleView } from '../zip-bundle';

export type ZipBundle = ResultOf<typeof ZipBundleFragment>;

export interface UseZipBundleOptions {
  /** `download`: a creation's zip (zipBundle); `basket`: a staff basket (staffBasket). */
  source: 'download' | 'basket';
  /** The bundle to follow; null follows nothing. */
  id: number | null;
  /** What the starting mutation already answered, shown until the first poll. */
  initial?: ZipBundle | null;
  /** Open the download when it becomes ready (only when the reader asked for it just now). */
  shouldOpen: boolean;
  /**
   * Tells one request from the next: asking again for an unchanged creation answers the same
   * ready bundle, and its download opens again.
   */
  requestKey?: number;
}

export interface UseZipBundle {
  bundle: ZipBundle | null;
  /** Null before anything is known. */
  view: ZipBundleView | null;
  /** Asking about the bundle failed (network or server error). */
  hasFailed: boolean;
}

/**
 * Follows a zip being built: asks about it every second until it is READY or FAILED, and opens the
 * download DOWNLOAD_OPEN_DELAY_MS after it is ready (SPEC 9) when `shouldOpen`.
 */
export function useZipBundle({ source, id, initial = null, shouldOpen, requestKey = 0 }: UseZipBundleOptions): UseZipBundle {
  const client = useClient();
  const [state, setState] = useState<{ id: number | null; bundle: ZipBundle | null; hasFailed: boolean }>({ id, bundle: initial, hasFailed: false });
  // A new id starts over (set during render, React's pattern for state derived from props).
  if (state.id !== id) setState({ id, bundle: initial, hasFailed: false });
  const bundle = state.id === id ? state.bundle : initial;
  const view = bundle ? zipBundleView(bundle) : null;
  const isLoading = id !== null && !state.hasFailed && (view === null || view.phase === 'loading');

  useEffect(() => {
    if (id === null || !isLoading) return;
    let isCancelled = false;
    const timer = setTimeout(
      () => {
        const request =
          source === 'basket'
            ? client.query(StaffBasketQuery, { id }, { requestPolicy: 'network-only', silentErrors: true }).toPromise().then((r) => ({ error: r.error, data: r.data?.staffBasket }))
            : client.query(ZipBundleQuery, { id }, { requestPolicy: 'network-only', silentErrors: true }).toPromise().then((r) => ({ error: r.error, data: r.data?.zipBundle }));
        void request.then((result) => {
          if (isCancelled) return;
          if (result.error || !result.data) {
            console.error('Could not follow the zip', result.error);
            setState((s) => (s.id === id ? { ...s, hasFailed: true } : s));
            return;
          }
          const next = result.data;
          setState((s) => (s.id === id ? { ...s, bundle: next } : s));
        });
      },
      // The first look is at once unless the mutation already answered.
      bundle ? ZIP_POLL_MS : 0,
    );
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [client, source, id, isLoading, bundle]);

  const openedFor = useRef<string | null>(null);
  const readyUrl = view?.phase === 'ready' ? view.url : null;
  const filename = bundle?.filename;
  useEffect(() => {
    const request = `${id}:${requestKey}`;
    if (!shouldOpen || readyUrl === null || id === null || openedFor.current === request) return;
    const timer = setTimeout(() => {
      openedFor.current = request;
      openDownload(readyUrl, filename);
    }, DOWNLOAD_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shouldOpen, readyUrl, id, requestKey, filename]);

  return { bundle, view, hasFailed: state.hasFailed };
}
