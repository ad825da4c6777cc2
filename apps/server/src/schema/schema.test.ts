import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema, SCHEMA_FILE } from '../print-schema';

describe('schema.graphql', () => {
  it('is the printed schema: run "npm run schema" after changing the API', () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });
});
