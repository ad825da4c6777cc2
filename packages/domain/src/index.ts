export * from './permission/permission';
export * from './permission/role';
export * from './submission/submission';
export * from './queue/condition';
export * from './queue/queue';
export * from './member/member';
export * from './member/preferences';
