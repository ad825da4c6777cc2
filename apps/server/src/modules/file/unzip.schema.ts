import { builder } from '../../schema/builder';
import { policy } from '../../schema/policy';
import * as unzipService from './unzip.service';

builder.mutationFields((t) => ({
  unzipSubmissionFile: t.string({
    description:
      'Unpacks a zip file of a creation into its files, in a background job, all or nothing: the accepted entries (Sims packages, tray files, images, script mods, recognised by their first bytes) become files and the zip is deleted; system files and what the site does not accept are skipped and named in the message. A hostile or broken zip (paths leaving the zip, links, nested archives, too many entries, too large, too compressed, encrypted, damaged) is refused whole. Answers the JSON string `{"status":"ok"|"error"|"pending","message":…,"files":[ids]}`: "error" with the reason; "pending" when the job takes longer than UNZIP_WAIT_SECONDS (call again to follow the same job; the files appear when it finishes). A zip unpacked already answers as it did then. Owner while the creation is editable, or staff.',
    authScopes: policy.signedIn,
    args: { fileId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => JSON.stringify(await unzipService.unzipSubmissionFile(ctx, args.fileId)),
  }),
}));
