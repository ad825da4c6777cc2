import type { Config } from '../config';
import { LocalDiskStorage } from './local-disk';
import type { Storage } from './storage';

export * from './storage';
export { LocalDiskStorage } from './local-disk';

/** The storage the configuration names: local disk under DATA_DIR/files (S3 arrives with STORAGE_URL). */
export function createStorage(config: Pick<Config, 'filesDir'>): Storage {
  return new LocalDiskStorage(config.filesDir);
}
