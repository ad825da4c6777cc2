// The list of modules that make up the schema; definitions live beside their feature.
import { builder } from './schema/builder';
import './schema/scalars';
import './modules/member/member.schema';
import './modules/catalog/catalog.schema';
import './modules/queue/queue.schema';
import './modules/submission/submission.schema';
import './modules/submission/creation.schema';
import './modules/game-file/game-file.schema';
import './modules/check/check.schema';
import './modules/status/status.schema';
import './modules/legacy/legacy.schema';
import './modules/migration/migration.schema';
import './modules/dependency/dependency.schema';
import './modules/image/image.schema';
import './modules/file/file.schema';
import './modules/file/unzip.schema';
import './modules/file/zip-bundle.schema';
import './modules/history/history.schema';
import './modules/review/review.schema';
import './modules/update-request/update-request.schema';
import './modules/update-request/update-diff.schema';
import './modules/report/report.schema';
import './modules/featured/featured.schema';
import './modules/conversation/conversation.schema';
import './modules/notification/notification.schema';
import './modules/live/live.schema';

export const schema = builder.toSchema({ sortSchema: true });
