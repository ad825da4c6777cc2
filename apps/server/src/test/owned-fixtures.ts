import type { Db } from '../db/client';
import type { OwnedKind } from '../schema/policy';
import { buildSubmission } from './factories';

export type OwnedFixtures = Record<OwnedKind, number>;

/**
 * One resource of each owned kind belonging to `ownerId`, for the authorization walk. A kind whose
 * builder is not written yet gets id 0 (nothing declares it as owned yet, so nothing reads it).
 */
export async function buildOwnedFixtures(db: Db, ownerId: number): Promise<OwnedFixtures> {
  const submission = await buildSubmission(db, ownerId, { status: 'CREATED' });
  return { submission, image: 0, file: 0, hotspot: 0, objectGuid: 0, gameItem: 0, setItem: 0 };
}
