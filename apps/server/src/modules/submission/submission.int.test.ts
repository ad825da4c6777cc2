import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, logs, submissions, tests } from '../../db/schema/index';
import { buildMember, buildSubmission, buildSubmittableFiles } from '../../test/factories';
import { useTestServer } from '../../test/server';

const server = useTestServer();
let creator: { id: number; token: string };
let other: { id: number; token: string };
let staff: { id: number; token: string };

beforeAll(async () => {
  const db = server.database.db;
  const make = async (roles: string[] = []) => {
    const m = await buildMember(db, { roles });
    return { id: m.id, token: await server.tokenFor(m.id) };
  };
  creator = await make();
  other = await make();
  staff = await make(['Submissions']);
});

const PROPS = `id status model_type model_id name description keywords category_id game_version tsr_exclusive
  creator { MemberID } missing_items { code message step }`;

async function create(kind: string, extra = '', vars: Record<string, unknown> = {}, token = creator.token) {
  const op = { item: 'createNewItem', set: 'createSet', lot: 'createLot', room: 'createRoom', sim: 'createSim', mod: 'createMod' }[kind]!;
  const res = await server.gql(
    `mutation ($name: String!, $description: String!${extra ? ', $is_recolor: Boolean, $max_polycount: Int' : ''}) {
      r: ${op}(name: $name, description: $description${extra ? ', is_recolor: $is_recolor, max_polycount: $max_polycount' : ''}) { ${PROPS} } }`,
    { name: `A ${kind}`, description: `A lovely ${kind} for the test suite`, ...vars },
    { token },
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.r;
}

const update = (id: number, input: Record<string, unknown>, token = creator.token) =>
  server.gql(`mutation ($id: Int!, $input: SubmissionPropertiesInput!) { r: updateSubmissionProperties(id: $id, input: $input) { ${PROPS} } }`, { id, input }, { token });

async function leafCategory(name = 'Sofas') {
  const res = await server.gql(`{ categories(name: "${name}") { id attribute_groups { id attribute_type { attribute_type_id } attributes { id } } } }`, {}, { token: creator.token });
  const cat = res.data!.categories[0];
  const tagGroup = cat.attribute_groups.find((g: any) => g.attribute_type.attribute_type_id === 8);
  return { id: cat.id as number, tag: tagGroup.attributes[0].id as number, otherTag: tagGroup.attributes[1].id as number };
}

describe('creating', () => {
  it.each(['item', 'set', 'lot', 'room', 'sim', 'mod'])('creates a %s in CREATED, owned by the caller, on game version 4', async (kind) => {
    const s = await create(kind);
    expect(s).toMatchObject({ status: 'CREATED', model_type: kind, game_version: 4, creator: { MemberID: creator.id } });
    expect(s.model_id).toBeGreaterThan(0);
    const kindQuery = { item: 'newItem', set: 'set', lot: 'lot', room: 'room', sim: 'sim', mod: 'mod' }[kind];
    const read = await server.gql(`query ($id: Int!) { k: ${kindQuery}(id: $id) { id submission_id properties { name } } }`, { id: s.id }, { token: creator.token });
    expect(read.data!.k).toEqual({ id: s.model_id, submission_id: s.id, properties: { name: `A ${kind}` } });
  });

  it('keeps is_recolor and max_polycount for items', async () => {
    const s = await create('item', 'x', { is_recolor: true, max_polycount: 4200 });
    const read = await server.gql('query ($id: Int!) { item(id: $id) { __typename ... on NewItem { is_recolor max_polycount } } }', { id: s.id }, { token: creator.token });
    expect(read.data!.item).toEqual({ __typename: 'NewItem', is_recolor: true, max_polycount: 4200 });
  });

  it('needs a name and a description, with allowed characters only', async () => {
    const empty = await server.gql('mutation { createMod(name: " ", description: "Something") { id } }', {}, { token: creator.token });
    expect(empty.errors![0]).toMatchObject({ message: 'Name is required.', extensions: { category: 'validation', validation: { 'input.name': ['Name is required.'] } } });
    const bad = await server.gql('mutation { createMod(name: "Sofa 100% <new>", description: "Something") { id } }', {}, { token: creator.token });
    expect(bad.errors![0]!.message).toBe('Name contains characters that are not allowed: "%", "<", ">".');
  });

  it('createSubmission and updateSubmission (SPEC 7’s names) are the kind-specific create and updateSubmissionProperties', async () => {
    const CREATE = `mutation ($t: String!, $set: Int, $recolor: Boolean) {
      r: createSubmission(model_type: $t, set_id: $set, name: "Generic one", description: "Made through the generic create", is_recolor: $recolor) { id model_type status name creator { MemberID } } }`;
    const item = await server.gql(CREATE, { t: 'item', recolor: true }, { token: creator.token });
    expect(item.data!.r).toMatchObject({ model_type: 'item', status: 'CREATED', name: 'Generic one', creator: { MemberID: creator.id } });
    const read = await server.gql('query ($id: Int!) { item(id: $id) { ... on NewItem { is_recolor } } }', { id: item.data!.r.id }, { token: creator.token });
    expect(read.data!.item).toEqual({ is_recolor: true });
    const set = (await server.gql(CREATE, { t: 'set' }, { token: creator.token })).data!.r;
    const child = await server.gql(CREATE, { t: 'set_item', set: set.id }, { token: creator.token });
    expect(child.data!.r.model_type).toBe('set_item');
    const orphan = await server.gql(CREATE, { t: 'set_item' }, { token: creator.token });
    expect(orphan.errors![0]!.extensions).toMatchObject({ category: 'validation', validation: { set_id: [expect.any(String)] } });
    const unknown = await server.gql(CREATE, { t: 'castle' }, { token: creator.token });
    expect(unknown.errors![0]!.message).toBe('“castle” is not a kind of creation. Use one of item, set, lot, room, sim, mod, set_item.');

    const updated = await server.gql(
      'mutation ($id: Int!) { updateSubmission(id: $id, input: { keywords: "generic, alias" }) { keywords } }',
      { id: item.data!.r.id },
      { token: creator.token },
    );
    expect(updated.data!.updateSubmission).toEqual({ keywords: 'generic, alias' });
    const stranger = await server.gql('mutation ($id: Int!) { updateSubmission(id: $id, input: { keywords: "mine" }) { id } }', { id: item.data!.r.id }, { token: other.token });
    expect(stranger.errors![0]!.extensions!.code).toBe('NOT_OWNER');
  });

  it('refuses anonymous callers', async () => {
    const res = await server.gql('mutation { createLot(name: "Lot", description: "A lot") { id } }');
    expect(res.errors![0]!.extensions).toMatchObject({ category: 'authorization' });
  });
});

describe('editing', () => {
  it('updates step fields, writes the history, and refuses another creator', async () => {
    const s = await create('item');
    const res = await update(s.id, { keywords: 'sofa, linen', notes: 'Made with care', tsr_exclusive: true, video_url: 'https://video.example/watch?v=1' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.r).toMatchObject({ keywords: 'sofa, linen', tsr_exclusive: true });
    const history = await server.database.db.select().from(logs).where(eq(logs.submission_id, s.id));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated']);
    expect(history[1]!.new_values).toMatchObject({ keywords: 'sofa, linen', tsr_exclusive: true });
    expect(history[1]!.previous_values).toMatchObject({ keywords: null });
    const stolen = await update(s.id, { name: 'Mine now' }, other.token);
    expect(stolen.errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'NOT_OWNER' });
    const peek = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { name } }', { id: s.id }, { token: other.token });
    expect(peek.errors![0]!.extensions!.code).toBe('NOT_OWNER');
    const staffView = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { name } }', { id: s.id }, { token: staff.token });
    expect(staffView.data!.submissionProperties.name).toBe('A item');
  });

  it('refuses bad characters and bad references without changing anything', async () => {
    const s = await create('item');
    await update(s.id, { keywords: 'kept' });
    const bad = await update(s.id, { keywords: 'lost', description: 'Cosy sofa → with arrows' });
    expect(bad.errors![0]!.extensions!.validation).toEqual({ 'input.description': ['Description contains a character that is not allowed: "→".'] });
    const notLeaf = await server.gql('{ categories(name: "Living Room") { id } }', {}, { token: creator.token });
    const res = await update(s.id, { category_id: notLeaf.data!.categories[0].id });
    expect(res.errors![0]!.message).toBe('Choose a category without subcategories.');
    const sofas = await leafCategory('Sofas');
    const hair = await leafCategory('Female Hair');
    const wrongTag = await update(s.id, { category_id: sofas.id, attributes: [hair.tag] });
    expect(wrongTag.errors![0]!.extensions!.category).toBe('validation');
    const read = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { keywords category_id } }', { id: s.id }, { token: creator.token });
    expect(read.data!.submissionProperties).toEqual({ keywords: 'kept', category_id: null });
  });

  it('replaces lists: tags, themes, collections, required items; a new category drops tags it does not offer', async () => {
    const s = await create('item');
    const sofas = await leafCategory('Sofas');
    const theme = (await server.gql('{ themes { id name } }', {}, { token: creator.token })).data!.themes[0];
    const collection = (await server.gql('mutation { createCollection(game: 4, name: "Cosy Autumn") { id name game } }', {}, { token: creator.token })).data!.createCollection;
    expect(collection).toMatchObject({ name: 'Cosy Autumn', game: 4 });
    const again = (await server.gql('mutation { createCollection(game: 4, name: "cosy  autumn") { id } }', {}, { token: other.token })).data!.createCollection;
    expect(again.id).toBe(collection.id);
    const res = await update(s.id, {
      category_id: sofas.id,
      attributes: [sofas.tag, sofas.otherTag],
      themes: [theme.id],
      collections: [collection.id],
      required_items: [
        { type: 'url', download: `${server.config.MAIN_SITE_URL.replace('://', '://www.')}/downloads/details/id/1234567/sofa-mesh/`, title: 'Sofa mesh' },
        { type: 'old_item_id', download: '987' },
        // Another site's address with the same shape stays an address.
        { type: 'url', download: 'https://other.example/downloads/details/id/7654321/lamp/', title: 'Lamp' },
      ],
    });
    expect(res.errors).toBeUndefined();
    const read = await server.gql(`query ($id: Int!) { submissionProperties(id: $id) {
      attributes { id } themes { name } collections { name } required_items { type download title } } }`, { id: s.id }, { token: creator.token });
    const p = read.data!.submissionProperties;
    expect(p.attributes.map((a: any) => a.id).sort()).toEqual([sofas.tag, sofas.otherTag].sort());
    expect(p.themes).toEqual([{ name: theme.name }]);
    expect(p.collections).toEqual([{ name: 'Cosy Autumn' }]);
    expect(p.required_items).toEqual([
      { type: 'id', download: '1234567', title: 'Sofa mesh' },
      { type: 'old_item_id', download: '987', title: null },
      { type: 'url', download: 'https://other.example/downloads/details/id/7654321/lamp/', title: 'Lamp' },
    ]);
    const hair = await leafCategory('Female Hair');
    await update(s.id, { category_id: hair.id });
    const after = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { attributes { id } } }', { id: s.id }, { token: creator.token });
    expect(after.data!.submissionProperties.attributes).toEqual([]);
  });

  it('updates lot fields with limits', async () => {
    const lot = await create('lot');
    const ok = await server.gql('mutation ($id: Int!) { updateLot(id: $id, input: { value: 85000, lot_width: 30, lot_depth: 20, furnished: true, number_of_floors: 2 }) { id } }', { id: lot.id }, { token: creator.token });
    expect(ok.errors).toBeUndefined();
    const read = await server.gql('query ($id: Int!) { lot(id: $id) { value lot_width lot_depth furnished number_of_floors } }', { id: lot.id }, { token: creator.token });
    expect(read.data!.lot).toEqual({ value: 85000, lot_width: 30, lot_depth: 20, furnished: true, number_of_floors: 2 });
    const tooWide = await server.gql('mutation ($id: Int!) { updateLot(id: $id, input: { lot_width: 65 }) { id } }', { id: lot.id }, { token: creator.token });
    expect(tooWide.errors![0]!.message).toBe('Lot width must be 64 or less.');
    const notALot = await create('mod');
    const wrong = await server.gql('mutation ($id: Int!) { updateLot(id: $id, input: { value: 1 }) { id } }', { id: notALot.id }, { token: creator.token });
    expect(wrong.errors![0]!.extensions!.code).toBe('SUBMISSION_WRONG_KIND');
  });

  it('holds a set with children that have their own properties, reordered by updateSet', async () => {
    const set = await create('set');
    const add = (name: string) =>
      server.gql('mutation ($set: Int!, $name: String!) { createSetItem(set_id: $set, name: $name, description: "A piece of the set", is_recolor: false) { id model_type status } }', { set: set.id, name }, { token: creator.token });
    const a = (await add('Chair')).data!.createSetItem;
    const b = (await add('Table')).data!.createSetItem;
    expect(a).toMatchObject({ model_type: 'set_item', status: 'CREATED' });
    const res = await server.gql('mutation ($id: Int!, $children: [SetChildInput!]!) { updateSet(id: $id, children: $children) { id } }', { id: set.id, children: [{ id: b.id, max_polycount: 900 }, { id: a.id, name: 'Dining Chair' }] }, { token: creator.token });
    expect(res.errors).toBeUndefined();
    const read = await server.gql('query ($id: Int!) { set(id: $id) { children { submission_id ord max_polycount properties { name } } } }', { id: set.id }, { token: creator.token });
    expect(read.data!.set.children).toEqual([
      { submission_id: b.id, ord: 0, max_polycount: 900, properties: { name: 'Table' } },
      { submission_id: a.id, ord: 1, max_polycount: null, properties: { name: 'Dining Chair' } },
    ]);
    const stranger = await server.gql('mutation ($id: Int!, $children: [SetChildInput!]!) { updateSet(id: $id, children: $children) { id } }', { id: set.id, children: [{ id: 999999 }] }, { token: creator.token });
    expect(stranger.errors![0]!.extensions!.category).toBe('validation');
    // Children never count as creations of their own.
    const count = await server.gql('{ myItemsCount(queryParams: { search: "Dining Chair" }) }', {}, { token: creator.token });
    expect(count.data!.myItemsCount).toBe(0);
  });
});

describe('submitting', () => {
  const STATUS = 'mutation ($id: Int!, $status: String!) { updateSubmissionStatus(id: $id, status: $status) { status } }';

  it('lists what is missing, refuses to submit until complete, then submits and withdraws', async () => {
    const lot = await create('lot');
    const missing = lot.missing_items.map((m: any) => m.message);
    expect(missing).toEqual(['Missing description', 'Missing keywords', 'Missing images', 'Missing lot furnished value', 'Missing lot value', 'Missing lot number of floors', 'Missing lot size', 'Missing tags']);
    expect(lot.missing_items[2]).toMatchObject({ code: 'images', step: 3 });
    const refused = await server.gql(STATUS, { id: lot.id, status: 'SUBMITTED' }, { token: creator.token });
    expect(refused.errors![0]).toMatchObject({ extensions: { code: 'SUBMISSION_INCOMPLETE', category: 'validation' } });
    expect(refused.errors![0]!.message).toBe(
      'This creation cannot be submitted yet: Missing description; Missing keywords; Missing images; Missing lot furnished value; Missing lot value; Missing lot number of floors; Missing lot size; Missing tags.',
    );
    expect(lot.missing_items.map((m: any) => m.code).slice(0, 2)).toEqual(['category', 'keywords']);

    const residential = await leafCategory('Residential Lots');
    await update(lot.id, { keywords: 'starter, family', category_id: residential.id, attributes: [residential.tag] });
    await server.gql('mutation ($id: Int!) { updateLot(id: $id, input: { value: 85000, lot_width: 30, lot_depth: 20, furnished: true, number_of_floors: 2 }) { id } }', { id: lot.id }, { token: creator.token });
    await server.database.db.insert(images).values({ submission_id: lot.id, member_id: creator.id, filename: 'front.png', mimetype: 'image/png', filesize: 10, sha256: 'x', storage_key: 'x' });
    const now = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { missing_items { code } } }', { id: lot.id }, { token: creator.token });
    expect(now.data!.submissionProperties.missing_items).toEqual([]);

    expect((await server.gql(STATUS, { id: lot.id, status: 'SUBMITTED' }, { token: other.token })).errors![0]!.extensions!.code).toBe('NOT_OWNER');
    // Complete, but the automatic checks fail: no tray files, a picture of no known size.
    const failing = await server.gql(STATUS, { id: lot.id, status: 'SUBMITTED' }, { token: creator.token });
    expect(failing.errors![0]).toMatchObject({ extensions: { code: 'SUBMISSION_CHECKS_FAILED', category: 'validation' } });
    expect((failing.errors![0]!.extensions!.failing as { id: string }[]).map((c) => c.id)).toEqual(['fileSet', 'imageSize']);
    expect(failing.errors![0]!.message).toContain('A lot needs its .trayitem, its .blueprint and at least one .bpi picture');
    expect((await server.gql('query ($id: Int!) { submissionProperties(id: $id) { status } }', { id: lot.id }, { token: creator.token })).data!.submissionProperties.status).toBe('CREATED');
    await buildSubmittableFiles(server.database.db, lot.id, 'lot');
    await server.database.db.update(images).set({ width: 1024, height: 768 }).where(eq(images.submission_id, lot.id));
    const submitted = await server.gql(STATUS, { id: lot.id, status: 'SUBMITTED' }, { token: creator.token });
    expect(submitted.data!.updateSubmissionStatus.status).toBe('SUBMITTED');
    const waiting = await server.gql('{ myCounters { waiting created } }', {}, { token: creator.token });
    expect(waiting.data!.myCounters.waiting).toBeGreaterThanOrEqual(1);
    // Waiting for review: not editable until withdrawn.
    const locked = await update(lot.id, { keywords: 'changed' });
    expect(locked.errors![0]).toMatchObject({ message: 'This creation is waiting for review. Withdraw it to edit it again.', extensions: { category: 'conflict' } });
    // A running test blocks withdrawing.
    const [test] = await server.database.db.insert(tests).values({ submission_id: lot.id, status: 'IN_PROGRESS' }).returning();
    expect((await server.gql(STATUS, { id: lot.id, status: 'CREATED' }, { token: creator.token })).errors![0]!.extensions!.code).toBe('SUBMISSION_TEST_RUNNING');
    await server.database.db.update(tests).set({ status: 'DONE', test_result: 'PASSED' }).where(eq(tests.id, test!.id));
    const withdrawn = await server.gql(STATUS, { id: lot.id, status: 'CREATED' }, { token: creator.token });
    expect(withdrawn.data!.updateSubmissionStatus.status).toBe('CREATED');
    expect((await update(lot.id, { keywords: 'changed' })).errors).toBeUndefined();
    // Approval is staff's (the status update takes it for them, updateSubmissionStatus in status.int.test.ts).
    const approve = await server.gql(STATUS, { id: lot.id, status: 'APPROVED' }, { token: creator.token });
    expect(approve.errors![0]!.extensions).toMatchObject({ category: 'authorization', code: 'FORBIDDEN' });
  });

  it('a set needs tags on every child', async () => {
    const set = await create('set');
    const kitchen = await leafCategory('Kitchen Sets');
    await update(set.id, { category_id: kitchen.id, attributes: [kitchen.tag], keywords: 'kitchen' });
    await server.gql('mutation ($set: Int!) { createSetItem(set_id: $set, name: "Counter", description: "A counter") { id } }', { set: set.id }, { token: creator.token });
    const read = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { missing_items { code message } } }', { id: set.id }, { token: creator.token });
    expect(read.data!.submissionProperties.missing_items).toEqual([
      { code: 'images', message: 'Missing images' },
      { code: 'childTags', message: 'Missing tags' },
    ]);
  });

  it('editing a rejected creation takes it back to CREATED, whatever the edit; a refused edit changes nothing', async () => {
    const id = await buildSubmission(server.database.db, creator.id, { status: 'REJECTED' });
    const res = await update(id, { keywords: 'fixed' });
    expect(res.data!.r.status).toBe('CREATED');
    const viaFiles = await buildSubmission(server.database.db, creator.id, { status: 'REJECTED' });
    const bad = await update(viaFiles, { description: 'Arrows → are not allowed' });
    expect(bad.errors![0]!.extensions!.category).toBe('validation');
    const guid = await server.gql('mutation ($id: Int!) { createObjectGuid(submission_id: $id, object_guid: "00000000DEADBEEF") { id } }', { id: viaFiles }, { token: creator.token });
    expect(guid.errors).toBeUndefined();
    const after = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { status } }', { id: viaFiles }, { token: creator.token });
    expect(after.data!.submissionProperties.status).toBe('CREATED');
    const history = await server.database.db.select().from(logs).where(eq(logs.submission_id, viaFiles));
    expect(history.filter((h) => h.action === 'status')).toHaveLength(1);
    // Someone else's refused edit leaves a rejected creation rejected.
    const untouched = await buildSubmission(server.database.db, creator.id, { status: 'REJECTED' });
    await update(untouched, { keywords: 'x' }, other.token);
    const still = await server.gql('query ($id: Int!) { submissionProperties(id: $id) { status } }', { id: untouched }, { token: creator.token });
    expect(still.data!.submissionProperties.status).toBe('REJECTED');
  });

  it('sends a fixed rejected creation again in one step (REJECTED → SUBMITTED), as step 5 offers it', async () => {
    const lot = await create('lot');
    const residential = await leafCategory('Residential Lots');
    await update(lot.id, { keywords: 'starter, family', category_id: residential.id, attributes: [residential.tag] });
    await server.gql('mutation ($id: Int!) { updateLot(id: $id, input: { value: 85000, lot_width: 30, lot_depth: 20, furnished: true, number_of_floors: 2 }) { id } }', { id: lot.id }, { token: creator.token });
    await server.database.db.insert(images).values({ submission_id: lot.id, member_id: creator.id, filename: 'front.png', mimetype: 'image/png', filesize: 10, width: 1024, height: 768, sha256: 'x', storage_key: 'x' });
    await buildSubmittableFiles(server.database.db, lot.id, 'lot');
    await server.database.db.update(submissions).set({ status: 'REJECTED' }).where(eq(submissions.id, lot.id));
    const abilities = 'query ($id: Int!) { submissionProperties(id: $id) { status abilities { canEdit canSubmit canWithdraw canDelete canApprove canReject canTest } } }';
    const before = await server.gql(abilities, { id: lot.id }, { token: creator.token });
    expect(before.data!.submissionProperties.abilities).toMatchObject({ canEdit: true, canSubmit: true, canWithdraw: false, canDelete: true, canApprove: false });
    const sent = await server.gql(STATUS, { id: lot.id, status: 'SUBMITTED' }, { token: creator.token });
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.updateSubmissionStatus.status).toBe('SUBMITTED');
    const after = await server.gql(abilities, { id: lot.id }, { token: creator.token });
    expect(after.data!.submissionProperties.abilities).toMatchObject({ canEdit: false, canSubmit: false, canWithdraw: true, canDelete: true });
    const history = await server.database.db.select().from(logs).where(eq(logs.submission_id, lot.id));
    expect(history.filter((h) => h.action === 'status').map((h) => h.new_values)).toContainEqual({ status: 'SUBMITTED' });
  });

  it('shows each member what they may do: owner, another creator, staff', async () => {
    const abilities = 'query ($id: Int!) { submissionProperties(id: $id) { abilities { canEdit canSubmit canWithdraw canDelete canApprove canReject canTest canAddFileVersions } } }';
    const read = async (id: number, token: string) => (await server.gql(abilities, { id }, { token })).data?.submissionProperties?.abilities;
    const draft = await buildSubmission(server.database.db, creator.id, { status: 'CREATED' });
    expect(await read(draft, creator.token)).toEqual({ canEdit: true, canSubmit: true, canWithdraw: false, canDelete: true, canApprove: false, canReject: false, canTest: false, canAddFileVersions: false });
    const waiting = await buildSubmission(server.database.db, creator.id, { status: 'SUBMITTED' });
    expect(await read(waiting, creator.token)).toEqual({ canEdit: false, canSubmit: false, canWithdraw: true, canDelete: true, canApprove: false, canReject: false, canTest: false, canAddFileVersions: false });
    const staffView = await read(waiting, staff.token);
    expect(staffView).toMatchObject({ canSubmit: false, canWithdraw: false, canApprove: true, canReject: true, canTest: true });
    // Another creator cannot even read an unpublished creation.
    expect((await server.gql(abilities, { id: waiting }, { token: other.token })).errors![0]!.extensions!.code).toBe('NOT_OWNER');
    const approved = await buildSubmission(server.database.db, creator.id, { status: 'APPROVED', publish_at: new Date(Date.now() + 86_400_000) });
    // Its owner sends new versions of its files for an update request; staff do not.
    expect(await read(approved, creator.token)).toEqual({ canEdit: false, canSubmit: false, canWithdraw: false, canDelete: false, canApprove: false, canReject: false, canTest: false, canAddFileVersions: true });
    expect(await read(approved, staff.token)).toMatchObject({ canAddFileVersions: false });
    const gone = await buildSubmission(server.database.db, creator.id, { status: 'CREATED', deleted_at: new Date() });
    expect(await read(gone, creator.token)).toMatchObject({ canEdit: false, canSubmit: false, canDelete: false, canAddFileVersions: false });
  });

  it('the owner deletes before approval, not after', async () => {
    const draft = await create('mod');
    expect((await server.gql('mutation ($id: Int!) { deleteSubmission(id: $id) }', { id: draft.id }, { token: other.token })).errors![0]!.extensions!.code).toBe('NOT_OWNER');
    expect((await server.gql('mutation ($id: Int!) { deleteSubmission(id: $id) }', { id: draft.id }, { token: creator.token })).data).toEqual({ deleteSubmission: true });
    const approved = await buildSubmission(server.database.db, creator.id, { status: 'APPROVED', publish_at: new Date() });
    const refused = await server.gql('mutation ($id: Int!) { deleteSubmission(id: $id) }', { id: approved }, { token: creator.token });
    expect(refused.errors![0]!.extensions!.code).toBe('SUBMISSION_NOT_EDITABLE');
  });
});

describe('lists', () => {
  const SEARCH = `query ($q: QueryParams) { myItemsSearch(queryParams: $q) { data { id name status }
    paginatorInfo { count currentPage total lastPage hasMorePages } } myItemsCount(queryParams: $q) }`;
  let lister: { id: number; token: string };

  beforeAll(async () => {
    const m = await buildMember(server.database.db);
    lister = { id: m.id, token: await server.tokenFor(m.id) };
    const db = server.database.db;
    for (let i = 1; i <= 7; i++) await buildSubmission(db, m.id, { name: `Draft ${i}`, status: 'CREATED' });
    await buildSubmission(db, m.id, { name: 'Waiting sofa', status: 'SUBMITTED' });
    await buildSubmission(db, m.id, { name: 'Live lamp', status: 'APPROVED', publish_at: new Date(Date.now() - 86_400_000) });
    await buildSubmission(db, m.id, { name: 'Gone', status: 'CREATED', deleted_at: new Date() });
    await buildSubmission(db, other.id, { name: 'Not mine', status: 'CREATED' });
  });

  it('pages through the creator’s own live creations; list and count agree', async () => {
    const p1 = await server.gql(SEARCH, { q: { first: 4, page: 1 } }, { token: lister.token });
    expect(p1.data!.myItemsSearch.paginatorInfo).toEqual({ count: 4, currentPage: 1, total: 9, lastPage: 3, hasMorePages: true });
    expect(p1.data!.myItemsCount).toBe(9);
    const p3 = await server.gql(SEARCH, { q: { first: 4, page: 3 } }, { token: lister.token });
    expect(p3.data!.myItemsSearch.data).toHaveLength(1);
  });

  it('filters by queue, search, terms and sorts', async () => {
    const queue = await server.gql(SEARCH, { q: { queue: 'published' } }, { token: lister.token });
    expect(queue.data!.myItemsSearch.data.map((s: any) => s.name)).toEqual(['Live lamp']);
    const search = await server.gql(SEARCH, { q: { search: 'sofa' } }, { token: lister.token });
    expect(search.data!.myItemsSearch.data.map((s: any) => s.name)).toEqual(['Waiting sofa']);
    const terms = await server.gql(SEARCH, { q: { terms: [{ field: 'status', operator: 'in', value: ['SUBMITTED', 'APPROVED'] }], sort: 'name', order: 'asc' } }, { token: lister.token });
    expect(terms.data!.myItemsSearch.data.map((s: any) => s.name)).toEqual(['Live lamp', 'Waiting sofa']);
    expect(terms.data!.myItemsCount).toBe(2);
  });

  it('refuses fields, operators and queues it does not know', async () => {
    const field = await server.gql(SEARCH, { q: { terms: [{ field: 'member_id', operator: '=', value: other.id }] } }, { token: lister.token });
    expect(field.errors![0]!.message).toMatch(/^"member_id" cannot be filtered on here/);
    const op = await server.gql(SEARCH, { q: { terms: [{ field: 'name', operator: 'regexp', value: 'x' }] } }, { token: lister.token });
    expect(op.errors![0]!.extensions!.category).toBe('validation');
    const queue = await server.gql(SEARCH, { q: { queue: 'everything' } }, { token: lister.token });
    expect(queue.errors![0]!.message).toBe('"everything" is not a queue.');
    const sort = await server.gql(SEARCH, { q: { sort: 'password' } }, { token: lister.token });
    expect(sort.errors![0]!.message).toMatch(/^Cannot sort by "password"/);
  });
});
