import { Stack } from '@mantine/core';
import { usePermissions } from '../../member/hooks/use-session';
import { CreationConversationsPanel } from '../../message/components/creation-conversations-panel';
import { reviewPanels } from '../decisions';
import { ReportsPanel } from '../../report/components/reports-panel';
import { CreatorPanel, UpdateRequestsPanel } from './activity-panels';
import { ChecklistPanel } from './checklist-panel';
import { HistoryPanel } from './history-panel';
import type { ReviewSubmission } from './review-details';
import { TestsPanel } from './tests-panel';

/**
 * The review page's side column: checklist, tests, update requests, reports, the creator's other
 * creations, its conversations and the full history; each shown to those whose pages allow it.
 */
export function ReviewSidePanels({ submission }: { submission: ReviewSubmission }) {
  const panels = reviewPanels(usePermissions());
  return (
    <Stack gap="lg">
      {panels.canSeeChecklist ? <ChecklistPanel submissionId={submission.id} modelType={submission.model_type} /> : null}
      {panels.canSeeTests ? <TestsPanel submissionId={submission.id} canEdit={panels.canEditTests} /> : null}
      <UpdateRequestsPanel submissionId={submission.id} canDecide={panels.canDecideUpdates} canTest={panels.canEditTests} />
      <ReportsPanel submissionId={submission.id} canSeeReports={panels.canSeeReports} canEditReports={panels.canEditReports} canReport={submission.canReport} />
      <CreationConversationsPanel submission={{ id: submission.id, name: submission.name }} creator={submission.creator} />
      <CreatorPanel submissionId={submission.id} creator={submission.creator} />
      <HistoryPanel submissionId={submission.id} />
    </Stack>
  );
}
