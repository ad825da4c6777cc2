import crypto from 'node:crypto';
import type { Db } from '../db/client';
import { fileVersions, files, gameItems, imageHotspots, images, objectGuids, zipBundles } from '../db/schema/index';
import { blobKey } from '../storage/index';
import { buildConversation, buildConversationThread, buildPaymentStatement, buildSubmission } from './factories';

/** Payment lists are one per month: each set of fixtures takes the next month from January 2000. */
let paymentMonths = 0;

/** Kinds of resources a creator owns, which the authorization walk builds one of each. */
export type OwnedKind = 'submission' | 'image' | 'file' | 'hotspot' | 'objectGuid' | 'gameItem' | 'setItem' | 'zipBundle' | 'conversation' | 'paymentStatement';

export type OwnedFixtures = Record<OwnedKind, number>;

/**
 * One resource of each owned kind belonging to `ownerId`, for the authorization walk: real rows on
 * one CREATED creation of the owner. A kind whose builder is not written yet gets id 0 (nothing
 * declares it as owned yet, so nothing reads it).
 */
export async function buildOwnedFixtures(db: Db, ownerId: number): Promise<OwnedFixtures> {
  const submission = await buildSubmission(db, ownerId, { status: 'CREATED' });
  const image = await buildImage(db, ownerId, submission);
  const [hotspot] = await db
    .insert(imageHotspots)
    .values({ image_id: image, submission_id: submission, url: 'https://example.com/item', title: 'An item', x: 0.5, y: 0.5 })
    .returning({ id: imageHotspots.id });
  const file = await buildFile(db, ownerId, submission);
  const [objectGuid] = await db
    .insert(objectGuids)
    .values({ submission_id: submission, object_guid: '00000000001a2b3c' })
    .returning({ id: objectGuids.id });
  const [gameItem] = await db
    .insert(gameItems)
    .values({ submission_id: submission, name: 'Bassinet', type: 'object' })
    .returning({ id: gameItems.id });
  const [bundle] = await db
    .insert(zipBundles)
    .values({ member_id: ownerId, kind: 'submission', submission_id: submission, filename: 'walk.zip', num_files_to_add: 1 })
    .returning({ id: zipBundles.id });
  const conversation = await buildConversation(db, ownerId, { subject: 'About my chair', submission_id: submission });
  await buildConversationThread(db, conversation, ownerId, { text: 'Is it fine?' });
  const month = paymentMonths++;
  const statement = await buildPaymentStatement(db, ownerId, { month: `${2000 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`, status: 'APPROVED' });
  return {
    submission,
    image,
    file,
    hotspot: hotspot!.id,
    objectGuid: objectGuid!.id,
    gameItem: gameItem!.id,
    setItem: 0,
    zipBundle: bundle!.id,
    conversation,
    paymentStatement: statement.entryId,
  };
}

/** An image row (its content need not be stored: the walk never reads it). */
export async function buildImage(db: Db, ownerId: number, submissionId: number, options: { ord?: number } = {}): Promise<number> {
  const sha256 = crypto.randomBytes(32).toString('hex');
  const [row] = await db
    .insert(images)
    .values({
      submission_id: submissionId,
      member_id: ownerId,
      ord: options.ord ?? 1,
      filename: 'picture.png',
      mimetype: 'image/png',
      filesize: 100,
      width: 4,
      height: 3,
      sha256,
      storage_key: blobKey(sha256),
    })
    .returning({ id: images.id });
  return row!.id;
}

/** A file row at version 1 with its version row. */
export async function buildFile(db: Db, ownerId: number, submissionId: number): Promise<number> {
  const sha256 = crypto.randomBytes(32).toString('hex');
  const content = { filename: 'chair.package', filesize: 100, mimetype: 'application/octet-stream', sha256, storage_key: blobKey(sha256) };
  const [row] = await db
    .insert(files)
    .values({ submission_id: submissionId, member_id: ownerId, kind: 'sims4-package', version: 1, ...content })
    .returning({ id: files.id });
  await db.insert(fileVersions).values({ file_id: row!.id, version: 1, member_id: ownerId, ...content });
  return row!.id;
}
