import { and, asc, eq, inArray } from 'drizzle-orm';
import { TAG_ATTRIBUTE_TYPE, type ModelType, type SubmissionStatus } from '@corner/domain';
import type { DbOrTx } from '../db/client';
import {
  attributeGroups,
  attributes,
  categories,
  categoryAttributeGroups,
  files,
  fileVersions,
  images,
  logs,
  lots,
  members,
  mods,
  newItems,
  objectGuids,
  reports,
  requiredItems,
  rooms,
  sets,
  submissionAttributes,
  sims,
  submissions,
  tests,
  updateRequestFiles,
  updateRequests,
} from '../db/schema/index';
import type { Storage } from '../storage/index';
import { demoFilesOf, demoUpdatedPackageOf, storeDemoFiles, storeDemoFileVersion } from './files';
import { demoImage, renderDemoImages, storeDemoImages } from './images';

const DAY = 86_400_000;

/** The object GUIDs of published demo creations (the e2e flows build lots that use them). */
export const DEMO_OBJECT_GUIDS = { brassFloorLamp: '0000b4a55f100a01', moonlightCurtains: '00c0ffee0c047a10' } as const;

interface DemoCreation {
  owner: string;
  kind: Exclude<ModelType, 'set_item'>;
  name: string;
  category: string;
  status: SubmissionStatus;
  description: string;
  keywords: string;
  /** Days from now; negative is in the past. */
  publishInDays?: number;
  /** Published on a day of an earlier calendar month (UTC, at 15:00): the months the demo's payment lists cover. */
  publishInMonth?: { monthsAgo: number; day: number };
  /** Wholly exclusive to the site (`tsr_exclusive`): what creators in the paid programs are paid for. */
  exclusive?: boolean;
  test?: 'open' | 'failed' | 'passed';
  report?: string;
  /** An update request waiting for staff; `swatches` brings a second version of its package with a catalog object per swatch. */
  updateRequest?: { message: string; test?: 'open' | 'failed'; swatches?: string[] };
  rejection?: string;
  /** Object GUIDs its packages define (16 hex digits): lots, rooms and households built in the demo can use them. */
  objectGuids?: string[];
  /** Demo objects its lot places. Once submitted, each creation defining one is a required item, as the checks ask. */
  uses?: (keyof typeof DEMO_OBJECT_GUIDS)[];
}

/** Creations in every queue, so a new user sees a lived-in portal with badges. */
const CREATIONS: DemoCreation[] = [
  { owner: 'creator@corner.test', kind: 'item', name: 'Willow Rattan Armchair', category: 'Armchairs', status: 'CREATED', description: 'A light rattan armchair with a linen cushion in five swatches.', keywords: 'rattan, armchair, boho' },
  { owner: 'creator@corner.test', kind: 'lot', name: 'Maple Lane Starter Home', category: 'Residential Lots', status: 'CREATED', uses: ['brassFloorLamp'], description: 'A cosy two-bedroom starter home on a 20 by 15 lot, fully furnished.', keywords: 'starter, family, cosy' },
  { owner: 'creator@corner.test', kind: 'item', name: 'Sage Linen Sofa', category: 'Sofas', status: 'SUBMITTED', description: 'A deep three-seater sofa in sage linen with matching pillows.', keywords: 'sofa, linen, sage' },
  { owner: 'creator@corner.test', kind: 'room', name: 'Sunny Nursery', category: 'Rooms', status: 'TESTING', test: 'open', description: 'A bright nursery room with a crib, changing table and soft rugs.', keywords: 'nursery, baby, pastel' },
  { owner: 'creator@corner.test', kind: 'item', name: 'Terrazzo Coffee Table', category: 'Coffee Tables', status: 'SUBMITTED', test: 'failed', description: 'A round terrazzo coffee table with brass legs in four colours.', keywords: 'terrazzo, table, modern' },
  { owner: 'creator@corner.test', kind: 'mod', name: 'Better Autumn Weather', category: 'Gameplay Mods', status: 'REJECTED', rejection: 'Description too short: please describe what the mod changes and how to install it.', description: 'Tweaks autumn weather.', keywords: 'weather, autumn, seasons' },
  { owner: 'creator@corner.test', kind: 'set', name: 'Cottage Kitchen Set', category: 'Kitchen Sets', status: 'APPROVED', publishInDays: 3, description: 'Counters, cabinets, an island and clutter in a warm cottage style.', keywords: 'kitchen, cottage, set' },
  { owner: 'creator@corner.test', kind: 'item', name: 'Brass Floor Lamp', category: 'Floor Lamps', status: 'APPROVED', publishInDays: -10, objectGuids: [DEMO_OBJECT_GUIDS.brassFloorLamp], description: 'A slim brass floor lamp with a pleated fabric shade.', keywords: 'lamp, brass, lighting' },
  { owner: 'creator@corner.test', kind: 'sim', name: 'The Okafor Family', category: 'Households', status: 'APPROVED', publishInDays: -20, report: 'Custom content listed as required is missing.', description: 'A family of four with their own style, traits and aspirations.', keywords: 'family, household, sims' },
  { owner: 'creator@corner.test', kind: 'item', name: 'Velvet Canopy Bed', category: 'Beds', status: 'APPROVED', publishInDays: -30, updateRequest: { message: 'Added three new velvet swatches and fixed the shadow map.', swatches: ['rose', 'sage', 'midnight'] }, description: 'A double canopy bed in soft velvet with sheer curtains.', keywords: 'bed, velvet, canopy' },
  { owner: 'artist@corner.test', kind: 'item', name: 'Retro Diner Booth', category: 'Armchairs', status: 'SUBMITTED', description: 'A red vinyl diner booth with chrome trim for café lots.', keywords: 'retro, diner, booth' },
  { owner: 'artist@corner.test', kind: 'lot', name: 'Harbour Café', category: 'Community Lots', status: 'SUBMITTED', uses: ['brassFloorLamp'], description: 'A seaside café with outdoor seating and a small bakery counter.', keywords: 'cafe, harbour, community' },
  { owner: 'artist@corner.test', kind: 'item', name: 'Moonlight Curtains', category: 'Curtains', status: 'APPROVED', publishInDays: -45, exclusive: true, objectGuids: [DEMO_OBJECT_GUIDS.moonlightCurtains], updateRequest: { message: 'New longer variant for tall windows.', test: 'open' }, description: 'Floor-length sheer curtains that glow softly at night.', keywords: 'curtains, sheer, night' },
  { owner: 'artist@corner.test', kind: 'item', name: 'Ivy Wall Shelf', category: 'Decor', status: 'CREATED', description: 'A floating wall shelf with trailing ivy and small pots.', keywords: 'shelf, ivy, plants' },
  // Published in the two months before this one: what the demo's payment lists pay (seed/payments.ts).
  { owner: 'artist@corner.test', kind: 'item', name: 'Driftwood Side Table', category: 'Coffee Tables', status: 'APPROVED', publishInMonth: { monthsAgo: 2, day: 6 }, exclusive: true, description: 'A low side table of bleached driftwood with a glass top.', keywords: 'driftwood, table, coastal' },
  { owner: 'artist@corner.test', kind: 'item', name: 'Lighthouse Desk Lamp', category: 'Floor Lamps', status: 'APPROVED', publishInMonth: { monthsAgo: 2, day: 19 }, exclusive: true, description: 'A brass desk lamp shaped like a small lighthouse, with a warm glow.', keywords: 'lighthouse, lamp, nautical' },
  { owner: 'artist@corner.test', kind: 'item', name: 'Tidepool Bath Rug', category: 'Decor', status: 'APPROVED', publishInMonth: { monthsAgo: 1, day: 11 }, exclusive: true, description: 'A soft bath rug in sea-glass colours with a pebble pattern.', keywords: 'rug, bathroom, coastal' },
  { owner: 'featured@corner.test', kind: 'item', name: 'Fern Frond Wall Art', category: 'Decor', status: 'APPROVED', publishInMonth: { monthsAgo: 1, day: 4 }, exclusive: true, description: 'Three framed pressed fern fronds for a calm green wall.', keywords: 'fern, wall art, botanical' },
  { owner: 'featured@corner.test', kind: 'item', name: 'Moss Garden Bench', category: 'Decor', status: 'APPROVED', publishInMonth: { monthsAgo: 1, day: 17 }, exclusive: true, description: 'A weathered stone garden bench with soft moss on its seat.', keywords: 'garden, bench, moss' },
];

/** What staff and testers write on demo tests, so the testing queues read like real ones. */
const DEMO_TEST_NOTES: Record<'open' | 'failed' | 'passed', { notes: string; test_notes: string | null; tester_notes: string | null }> = {
  open: {
    notes: 'Please check the crib and changing table in a live lot, and that the room places on an empty lot.',
    test_notes: null,
    tester_notes: 'Started in a clean game with the base game only.',
  },
  failed: {
    notes: 'Check all four colours and the footprint next to sofas.',
    test_notes: 'The table legs float above the floor on the round variant. The square variant is fine.',
    tester_notes: 'Second upload of this table with the same issue; worth a message if it comes back again.',
  },
  passed: {
    notes: 'Quick check: loads, swatches, footprint.',
    test_notes: 'Everything works as described.',
    tester_notes: null,
  },
};

/** A lot's own details, as a creator fills them in step 1 before submitting. */
const DEMO_LOT = { value: 48_000, lot_width: 30, lot_depth: 20, furnished: true, number_of_floors: 2 };

/**
 * The row of the creation's kind. A creation past the draft was complete when its creator
 * submitted it (the server refuses otherwise), so a lot then has its details.
 */
async function insertKind(db: DbOrTx, kind: DemoCreation['kind'], wasSubmitted: boolean): Promise<number> {
  if (kind === 'lot') {
    const [row] = await db.insert(lots).values(wasSubmitted ? DEMO_LOT : {}).returning({ id: lots.id });
    return row!.id;
  }
  const table = { item: newItems, set: sets, room: rooms, sim: sims, mod: mods }[kind];
  const [row] = await db.insert(table).values({}).returning({ id: table.id });
  return row!.id;
}

/** The first tag of the category's tag groups, the one a submitted demo creation carries (none: null). */
async function firstTagOf(db: DbOrTx, categoryId: number): Promise<number | null> {
  const [tag] = await db
    .select({ id: attributes.id })
    .from(attributes)
    .innerJoin(attributeGroups, eq(attributeGroups.id, attributes.attribute_group_id))
    .innerJoin(categoryAttributeGroups, eq(categoryAttributeGroups.attribute_group_id, attributeGroups.id))
    .where(and(eq(categoryAttributeGroups.category_id, categoryId), eq(attributeGroups.attribute_type_id, TAG_ATTRIBUTE_TYPE)))
    .orderBy(asc(categoryAttributeGroups.step_order), asc(attributes.id))
    .limit(1);
  return tag?.id ?? null;
}

/**
 * Demo creations of the demo members, with tests, reports and update requests, and 1 to 3
 * generated pictures each when a storage is given.
 */
export async function seedDemoCreations(db: DbOrTx, storage?: Storage): Promise<void> {
  const people = await db
    .select({ id: members.id, email: members.email })
    .from(members)
    .where(inArray(members.email, ['creator@corner.test', 'artist@corner.test', 'featured@corner.test', 'tester@corner.test', 'staff@corner.test']));
  const idOf = (email: string) => people.find((p) => p.email === email)!.id;
  const now = Date.now();
  // All pictures render at once while the rows go in.
  const pictures = CREATIONS.map((c, i) => (storage ? renderDemoImages(c.name, c.kind, (i % 3) + 1) : null));
  // Should a row fail first, the renders still running must not become unhandled rejections.
  for (const p of pictures) p?.catch(() => {});
  for (const [i, c] of CREATIONS.entries()) {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, c.category));
    const submitted = c.status !== 'CREATED';
    const today = new Date(now);
    const publishAt = c.publishInMonth
      ? new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - c.publishInMonth.monthsAgo, c.publishInMonth.day, 15))
      : c.publishInDays === undefined
        ? null
        : new Date(now + c.publishInDays * DAY);
    // Its model's highest-detail triangles, declared as its polycount once submitted (a draft may not have given it yet).
    const triangles = c.kind === 'item' || c.kind === 'set' ? 900 + ((i * 613) % 2600) : undefined;
    const [s] = await db
      .insert(submissions)
      .values({
        member_id: idOf(c.owner),
        model_type: c.kind === 'item' ? 'item' : c.kind,
        model_id: await insertKind(db, c.kind, submitted),
        name: c.name,
        description: c.description,
        keywords: c.keywords,
        polycount: submitted ? (triangles ?? null) : null,
        category_id: category?.id ?? null,
        status: c.status,
        was_submitted: submitted,
        // Those published months ago were made and sent before that.
        submitted_at: submitted ? (c.publishInMonth ? new Date(publishAt!.getTime() - 10 * DAY) : new Date(now - (20 - i) * DAY)) : null,
        publish_at: publishAt,
        // What the scheduled-publication job would have recorded for those whose date passed.
        published_at: c.status === 'APPROVED' && publishAt && publishAt.getTime() <= now ? publishAt : null,
        latest_rejection_reason: c.rejection ?? null,
        tsr_exclusive: c.exclusive ?? null,
        moderator_id: c.status === 'APPROVED' || c.status === 'REJECTED' ? idOf('staff@corner.test') : null,
        created_at: c.publishInMonth ? new Date(publishAt!.getTime() - 20 * DAY) : new Date(now - (30 - i) * DAY),
        updated_at: c.publishInMonth ? new Date(publishAt!.getTime() - DAY) : new Date(now - (14 - i) * DAY),
      })
      .returning({ id: submissions.id });
    const submissionId = s!.id;
    // Tags too: only a draft may still lack them.
    const tag = submitted && category ? await firstTagOf(db, category.id) : null;
    if (tag !== null) await db.insert(submissionAttributes).values({ submission_id: submissionId, attribute_id: tag });
    if (c.objectGuids) await db.insert(objectGuids).values(c.objectGuids.map((object_guid) => ({ submission_id: submissionId, object_guid })));
    const rendered = await pictures[i];
    const objectId = c.objectGuids?.[0] ?? `00de0000000000${(i + 1).toString(16).padStart(2, '0')}`;
    let fileIds: number[] = [];
    if (storage && rendered) {
      await storeDemoImages(db, storage, { submissionId, memberId: idOf(c.owner), name: c.name }, rendered);
      const uses = (c.uses ?? []).map((key) => DEMO_OBJECT_GUIDS[key]);
      fileIds = await storeDemoFiles(db, storage, { submissionId, memberId: idOf(c.owner) }, demoFilesOf({ kind: c.kind, name: c.name, objectId, uses, picture: rendered[0]!, triangles }));
    }
    if (submitted && c.uses?.length) {
      const definers = await db.select({ submission_id: objectGuids.submission_id }).from(objectGuids).where(inArray(objectGuids.object_guid, c.uses.map((key) => DEMO_OBJECT_GUIDS[key])));
      await db.insert(requiredItems).values(definers.map((d, ord) => ({ submission_id: submissionId, type: 'id' as const, download: String(d.submission_id), ord })));
    }
    if (c.test) {
      await db.insert(tests).values({
        submission_id: submissionId,
        member_id: idOf('staff@corner.test'),
        tester_id: idOf('tester@corner.test'),
        status: c.test === 'open' ? 'IN_PROGRESS' : 'DONE',
        test_result: c.test === 'failed' ? 'FAILED' : c.test === 'passed' ? 'PASSED' : null,
        notes: DEMO_TEST_NOTES[c.test].notes,
        test_notes: DEMO_TEST_NOTES[c.test].test_notes,
        tester_notes: DEMO_TEST_NOTES[c.test].tester_notes,
      });
    }
    if (c.report) await db.insert(reports).values({ submission_id: submissionId, type: 'missing-requirements', note: c.report });
    if (c.updateRequest) {
      const swatches = c.updateRequest.swatches;
      if (swatches && storage && rendered && fileIds[0] !== undefined && publishAt) {
        // Approved by staff a day before its publication (what "What changed" compares with), its
        // files and pictures uploaded before; the creator uploaded the package's second version two
        // days ago, then sent the update.
        const approvedAt = new Date(publishAt.getTime() - DAY);
        const before = new Date(approvedAt.getTime() - DAY);
        await db.update(images).set({ created_at: before }).where(eq(images.submission_id, submissionId));
        await db.update(files).set({ created_at: before }).where(eq(files.submission_id, submissionId));
        await db.update(fileVersions).set({ created_at: before }).where(inArray(fileVersions.file_id, fileIds));
        await db.insert(logs).values({
          submission_id: submissionId,
          member_id: idOf('staff@corner.test'),
          entity: 'submission',
          entity_id: submissionId,
          action: 'approved',
          previous_values: { status: 'SUBMITTED' },
          new_values: { status: 'APPROVED', publish_at: publishAt.toISOString() },
          created_at: approvedAt,
        });
        // The item's thumbnail is drawn again (the fixed shadow map), and each swatch has its own.
        const [thumbnail, ...swatchPictures] = await Promise.all([demoImage(c.name, c.kind, 3), ...swatches.map((name, n) => demoImage(`${c.name} ${name}`, c.kind, n + 1))]);
        const made = demoUpdatedPackageOf({ name: c.name, objectId, picture: thumbnail!, triangles, swatches: swatches.map((name, n) => ({ name, picture: swatchPictures[n]! })) });
        await storeDemoFileVersion(db, storage, { id: fileIds[0], memberId: idOf(c.owner) }, made, new Date(now - 2 * DAY));
      }
      const [ur] = await db
        .insert(updateRequests)
        .values({ submission_id: submissionId, member_id: idOf(c.owner), message: c.updateRequest.message })
        .returning({ id: updateRequests.id });
      if (swatches && fileIds[0] !== undefined) await db.insert(updateRequestFiles).values({ update_request_id: ur!.id, file_id: fileIds[0] });
      if (c.updateRequest.test) {
        await db.insert(tests).values({
          submission_id: submissionId,
          update_request_id: ur!.id,
          member_id: idOf('staff@corner.test'),
          tester_id: idOf('tester@corner.test'),
          notes: 'Check the new variant in both window sizes and at night.',
          status: c.updateRequest.test === 'open' ? 'OPEN' : 'DONE',
          test_result: c.updateRequest.test === 'failed' ? 'FAILED' : null,
        });
      }
    }
  }
}
