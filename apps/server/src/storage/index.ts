import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './types.ts';

export { LocalStorage } from './local.ts';
export { Meter } from './meter.ts';
export { S3Storage } from './s3.ts';
export * from './types.ts';

/** Where DATA_DIR keeps media with STORAGE=local. */
export function mediaDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'media');
}

export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return config.storage.kind === 's3' ? new S3Storage(config.storage) : new LocalStorage(mediaDir(config));
}

const byConfig = new WeakMap<object, Storage>();

/** The storage of this configuration, one instance per config object (the API and the worker share it). */
export function storageOf(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = createStorage(config);
    byConfig.set(config, storage);
  }
  return storage;
}
