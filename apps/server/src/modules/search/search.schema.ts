import { isEarlyAccessOn, MAX_FACETS, SEARCH_SORTS, SEARCHABLE_KINDS, type SearchDocument } from '@corner/domain';
import { builder } from '../../schema/builder';
import { PaginatorInfoRef } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import * as service from './search.service';

const SearchHitRef = builder.objectRef<SearchDocument>('SearchHit').implement({
  description: 'A published creation as the site’s search index holds it.',
  fields: (t) => ({
    id: t.exposeInt('submissionId', { description: 'The creation’s id.' }),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    keywords: t.exposeString('keywords'),
    kind: t.exposeString('kind', { description: `One of ${SEARCHABLE_KINDS.join(', ')}.` }),
    game: t.exposeInt('game'),
    category_id: t.exposeInt('categoryId', { nullable: true }),
    category_path: t.exposeString('categoryPath', { description: 'Its category from the top: “Objects › Living Room › Sofas”.' }),
    tags: t.exposeStringList('tags'),
    themes: t.exposeStringList('themes'),
    creator_id: t.exposeInt('creatorId'),
    creator_name: t.exposeString('creatorName'),
    exclusive: t.exposeBoolean('exclusive', { description: 'Wholly exclusive to the site.' }),
    publish_at: t.expose('publishAt', { type: 'DateTime' }),
    early_access_until: t.expose('earlyAccessUntil', { type: 'DateTime', nullable: true, description: 'When its early access ends; null without early access.' }),
    early_access: t.boolean({ description: 'Whether it is in early access now.', resolve: (d) => isEarlyAccessOn(d.earlyAccessUntil) }),
    thumbnail: t.exposeString('thumbnailPath', { nullable: true, description: 'The address of its first picture; null without pictures.' }),
  }),
});

const SearchFacetRef = builder.objectRef<service.NamedFacet>('SearchFacet').implement({
  description: 'How many matches of the current search carry a category (its subcategories’ included) or a tag.',
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), count: t.exposeInt('count') }),
});

const SearchFacetsRef = builder.objectRef<service.SearchCreationsAnswer['facets']>('SearchFacets').implement({
  description: `Facet counts over every match, the largest ${MAX_FACETS} of each.`,
  fields: (t) => ({
    categories: t.field({ type: [SearchFacetRef], resolve: (f) => f.categories }),
    tags: t.field({ type: [SearchFacetRef], resolve: (f) => f.tags }),
  }),
});

const SearchCreationsResultRef = builder.objectRef<service.SearchCreationsAnswer>('SearchCreationsResult').implement({
  description: 'A page of the search’s matches, the paging, and the facet counts.',
  fields: (t) => ({
    data: t.field({ type: [SearchHitRef], complexity: { field: 0, multiplier: 1 }, resolve: (a) => a.data }),
    paginatorInfo: t.field({ type: PaginatorInfoRef, resolve: (a) => a.paginatorInfo }),
    facets: t.field({ type: SearchFacetsRef, resolve: (a) => a.facets }),
  }),
});

const SearchHealthRef = builder.objectRef<service.SearchIndexStatus['health']>('SearchHealth').implement({
  fields: (t) => ({ healthy: t.exposeBoolean('healthy'), detail: t.exposeString('detail') }),
});

const SearchIndexRunRef = builder.objectRef<service.SearchIndexRunProgress>('SearchIndexRun').implement({
  description: 'Staff’s reindexing of a list of creations or of everything, and where it stands.',
  fields: (t) => ({
    id: t.int({ resolve: (p) => p.run.id }),
    all: t.boolean({ description: 'Everything, rather than a list.', resolve: (p) => (p.run.scope as { all?: boolean }).all === true }),
    total: t.int({ resolve: (p) => p.run.total }),
    done: t.exposeInt('done'),
    remaining: t.exposeInt('remaining'),
    failed: t.exposeInt('failed'),
    started_at: t.field({ type: 'DateTime', resolve: (p) => p.run.created_at }),
    finished_at: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.run.finished_at }),
  }),
});

const SearchIndexFailureRef = builder.objectRef<service.SearchIndexFailure>('SearchIndexFailure').implement({
  fields: (t) => ({
    submission_id: t.exposeInt('submissionId'),
    name: t.exposeString('name'),
    failed_at: t.expose('failedAt', { type: 'DateTime' }),
    message: t.exposeString('message', { description: 'What the engine said.' }),
  }),
});

const SearchIndexStatusRef = builder.objectRef<service.SearchIndexStatus>('SearchIndexStatus').implement({
  description: 'The search index as the staff page shows it.',
  fields: (t) => ({
    engine: t.exposeString('engine', { description: 'postgres (the portal’s own database), or elasticsearch or opensearch (the cluster on SEARCH_URL).' }),
    health: t.field({ type: SearchHealthRef, resolve: (s) => s.health }),
    indexed: t.exposeInt('indexed', { description: 'Documents the index holds.' }),
    stale: t.exposeInt('stale', { description: 'Creations whose document waits to be written.' }),
    failed: t.exposeInt('failed', { description: 'Creations whose last write failed.' }),
    last_indexed_at: t.expose('lastIndexedAt', { type: 'DateTime', nullable: true }),
    last_run: t.field({ type: SearchIndexRunRef, nullable: true, resolve: (s) => s.lastRun }),
    failures: t.field({ type: [SearchIndexFailureRef], description: 'The latest failures, newest first.', resolve: (s) => s.failures }),
  }),
});

const SearchReindexResultRef = builder.objectRef<service.ReindexResult>('SearchReindexResult').implement({
  fields: (t) => ({
    submission_id: t.exposeInt('submissionId'),
    outcome: t.exposeString('outcome', { description: 'indexed (published: its document is written), removed (not published: taken out) or failed.' }),
    message: t.exposeString('message', { nullable: true, description: 'The engine’s message when it failed.' }),
  }),
});

builder.queryFields((t) => ({
  searchCreations: t.field({
    type: SearchCreationsResultRef,
    description:
      'The site’s search (no sign-in): published creations matching `query` (every word; the last also as a prefix; names with typos too) and every filter given. Facets count every match.',
    authScopes: policy.public,
    args: {
      query: t.arg.string(),
      category_id: t.arg.int({ description: 'A category: its subcategories’ creations too.' }),
      tag_ids: t.arg.intList({ description: 'Tags every match carries.' }),
      kind: t.arg.string({ description: SEARCHABLE_KINDS.join(', ') }),
      game: t.arg.int(),
      creator_id: t.arg.int(),
      exclusive: t.arg.boolean(),
      sort: t.arg.string({ description: `${SEARCH_SORTS.join(', ')} (default relevance; without words relevance is newest).` }),
      first: t.arg.int(),
      page: t.arg.int(),
    },
    resolve: (_r, a, ctx) => service.searchCreations(ctx, a),
  }),
  elasticSearchStatus: t.field({
    type: SearchIndexStatusRef,
    description: 'The search index’s engine, health, counts, last run and latest failures (the Elastic Search staff page).',
    authScopes: policy.view('elastic-search'),
    resolve: (_r, _a, ctx) => service.searchIndexStatus(ctx),
  }),
}));

builder.mutationFields((t) => ({
  updateElasticSearchEntry: t.field({
    type: SearchReindexResultRef,
    description: 'Writes one creation’s search document now (published: in; otherwise: out) and answers what became of it.',
    authScopes: policy.edit('elastic-search'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.reindexOne(ctx, a.id),
  }),
  updateElasticSearchEntries: t.field({
    type: SearchIndexRunRef,
    description: 'Reindexes these creations, or everything, as a background job; elasticSearchStatus.last_run follows its progress. Search keeps answering meanwhile.',
    authScopes: policy.edit('elastic-search'),
    args: { ids: t.arg.intList(), all: t.arg.boolean() },
    resolve: async (_r, a, ctx) => service.searchIndexRunProgress(ctx.db, await service.startReindex(ctx, a)),
  }),
}));
