export * from './member';
export * from './catalog';
export * from './submission';
export * from './file';
export * from './review';
export * from './message';
export * from './legacy';
export * from './rate-limit';
