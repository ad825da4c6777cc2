import type { Config } from '../config';
import { createUrlSigner, type UrlSigner } from './signed-url';
import { LocalDiskStorage } from './local-disk';
import { parseStorageUrl, S3Storage } from './s3';
import type { Storage } from './storage';

export * from './storage';
export { LocalDiskStorage, uploadRoutePath } from './local-disk';
export { parseStorageUrl, S3Storage, type S3Settings } from './s3';

type StorageConfig = Pick<Config, 'filesDir' | 'STORAGE_URL' | 'SIGNED_URL_TTL_SECONDS' | 'URL_SIGNING_SECRET' | 'DATA_DIR'>;

/**
 * The storage the configuration names: the S3 bucket of STORAGE_URL when it is set, else local disk
 * under DATA_DIR/files. Local disk signs its direct-upload URLs with `urlSigner` (by default one
 * made from the same configuration, so it has the same secret as the app's). A STORAGE_URL that
 * cannot work throws a message naming the variable, which stops the start.
 */
export function createStorage(config: StorageConfig, urlSigner: UrlSigner = createUrlSigner(config)): Storage {
  if (config.STORAGE_URL) return new S3Storage(parseStorageUrl(config.STORAGE_URL));
  return new LocalDiskStorage(config.filesDir, urlSigner);
}
