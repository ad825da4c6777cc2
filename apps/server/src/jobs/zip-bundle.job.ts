import { buildZipBundle, ZIP_BUNDLE_JOB } from '../modules/file/zip-bundle.service';
import { defineJob } from './job';

/**
 * Builds one zip bundle (a creation's download or a staff basket): see buildZipBundle. A failed build
 * ends FAILED without throwing, so only a crash is retried, once: the re-run finds the bundle's
 * builder dead and starts it over. A second crash leaves it to readers, who report it FAILED.
 */
export const zipBundleJob = defineJob<{ id: number }>({
  name: ZIP_BUNDLE_JOB,
  queue: { retryLimit: 1 },
  // Zips stream; two at a time keep a large basket from holding up a creator's download.
  concurrency: 2,
  async handle({ database, storage, log }, data) {
    return buildZipBundle({ database, storage, log }, data.id);
  },
});
