import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import { RequiredItemRef, SubmissionPropertiesRef } from '../submission/submission.schema';
import { LegacyItemRef } from '../legacy/legacy.schema';
import * as service from './dependency.service';
import { fetchPageSource } from './page-source';

const DependencySearchRef = builder
  .objectRef<Awaited<ReturnType<typeof service.searchDependencies>>>('DependencySearchResult')
  .implement({
    fields: (t) => ({
      submissions: t.field({ type: [SubmissionPropertiesRef], resolve: (r) => r.submissions }),
      legacy_items: t.field({ type: [LegacyItemRef], resolve: (r) => r.legacy_items }),
    }),
  });

const ItemFromGuidRef = builder.objectRef<{ object_guid: string; submission: Awaited<ReturnType<typeof service.itemsFromGuids>>[number]['submission'] }>('ItemFromGuid').implement({
  description: 'A creation on the site that defines an object GUID.',
  fields: (t) => ({
    object_guid: t.exposeString('object_guid', { description: '16 lowercase hex digits.' }),
    submission: t.field({ type: SubmissionPropertiesRef, resolve: (r) => r.submission }),
  }),
});

builder.queryFields((t) => ({
  getItemFromGuids: t.field({
    type: [ItemFromGuidRef],
    description: `The creations that define these object GUIDs (published ones and the caller's own), at most ${service.MAX_GUIDS_PER_LOOKUP} ids at once.`,
    authScopes: policy.signedIn,
    args: { object_guid: t.arg.stringList({ required: true }) },
    resolve: (_r, a, ctx) => service.itemsFromGuids(ctx, a.object_guid),
  }),
  searchSubmissionDependencies: t.field({
    type: DependencySearchRef,
    description: 'The content search of the required-items dialog: at most 5 portal creations and 5 legacy items.',
    authScopes: policy.signedIn,
    args: { phrase: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => service.searchDependencies(ctx, a.phrase),
  }),
  getPageSource: t.string({
    description: 'The HTML of a web page, for its og:title and og:image. Private and local addresses are refused.',
    authScopes: policy.signedIn,
    args: { url: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      fetchPageSource(a.url, {
        allowPrivate: ctx.config.PAGE_SOURCE_ALLOW_PRIVATE,
        timeoutMs: ctx.config.PAGE_SOURCE_TIMEOUT_MS,
        maxBytes: ctx.config.PAGE_SOURCE_MAX_BYTES,
      }),
  }),
  getRequiredItemsForSubmission: t.field({
    type: [RequiredItemRef],
    description: "A creation's required downloads.",
    authScopes: policy.public,
    args: { submission_id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => service.requiredItemsOf(ctx, a.submission_id),
  }),
}));
