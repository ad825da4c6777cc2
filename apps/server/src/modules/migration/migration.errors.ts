import { defineErrors, type ErrorCodeOf } from '../../errors';

/** Migration's refusals (modules/migration): the creator's, the staff runs', the category mapping's and sync's. */
export const migrationError = defineErrors({
  MIGRATION_FORBIDDEN: {
    category: 'authorization',
    message: () => 'You may not migrate submissions from the older system: it takes the migrate-submission page’s edit permission.',
  },
  MIGRATION_RUNS_FORBIDDEN: {
    category: 'authorization',
    message: () => 'Bulk migration takes the submission-migration page’s edit permission.',
  },
  MIGRATION_NOT_YOURS: {
    category: 'authorization',
    message: (p: { ids: number[] }) => `${p.ids.length === 1 ? 'Item' : 'Items'} ${p.ids.join(', ')} ${p.ids.length === 1 ? 'is' : 'are'} not yours to migrate: only their creator may.`,
  },
  MIGRATION_NOTHING_CHOSEN: { category: 'validation', field: 'ids', message: () => 'Choose at least one item to migrate, or migrate all of them.' },
  MIGRATION_TOO_MANY: { category: 'validation', field: 'ids', message: (p: { max: number }) => `At most ${p.max} items can be migrated at once by id; migrate all of them instead.` },
  MIGRATION_CONTENT_LOST: {
    category: 'conflict',
    message: (p: { filename: string }) => `The copy of “${p.filename}” went missing before it was kept. Please try again.`,
  },
  MIGRATION_RUN_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Migration run ${p.id} was not found.` },
  MIGRATION_RUN_FINISHED: {
    category: 'conflict',
    message: (p: { id: number; status: string }) => `Migration run ${p.id} is ${p.status.toLowerCase()}: it cannot be paused, resumed or cancelled any more.`,
  },
  MIGRATION_RUN_ACTIVE: {
    category: 'conflict',
    message: (p: { id: number }) => `Migration run ${p.id} is still going: pause or cancel it before starting another.`,
  },
  MIGRATION_SCOPE_INVALID: {
    category: 'validation',
    field: 'scope',
    message: (p: { reason: string }) => p.reason,
  },
  MIGRATION_CATEGORY_NOT_FOUND: {
    category: 'validation',
    field: 'category_id',
    message: (p: { id: number }) => `There is no portal category ${p.id} to map to.`,
  },
});
export type MigrationErrorCode = ErrorCodeOf<typeof migrationError>;
