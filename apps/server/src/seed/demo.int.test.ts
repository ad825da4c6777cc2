import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test/server';
import { submissions } from '../db/schema/index';
import { seedDemo } from './demo';

const server = useTestServer();

describe('the demo data', () => {
  it('holds creations waiting for review only as complete as the server lets a creator submit them', async () => {
    expect(await seedDemo(server.database.db, server.storage)).toBe(true);
    const waiting = await server.database.db
      .select({ id: submissions.id, name: submissions.name, member_id: submissions.member_id })
      .from(submissions)
      .where(inArray(submissions.status, ['SUBMITTED', 'TESTING']));
    expect(waiting.length).toBeGreaterThan(2);
    for (const s of waiting) {
      const token = await server.tokenFor(s.member_id);
      const res = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { missing_items { message } } }', { id: s.id }, { token });
      expect({ name: s.name, missing: res.data!.submissionProperties.missing_items }).toEqual({ name: s.name, missing: [] });
    }
  });
});
