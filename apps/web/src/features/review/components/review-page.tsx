import { AutomaticChecks } from '../../check/components/automatic-checks';
import { creationStage, currentRejectionReason } from '@corner/domain';
import { ActionIcon, Alert, Anchor, Badge, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconRosetteDiscountCheck,
  IconBan,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconFlask,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { CenteredLoader } from '../../../ui/centered-loader';
import { CopyButton } from '../../../ui/copy-button';
import { DateText } from '../../../ui/date-text';
import { EmptyState } from '../../../ui/empty-state';
import { usePermissions } from '../../member/hooks/use-session';
import { kindKey } from '../../submission/kinds';
import { missingItemText } from '../../submission/missing-items';
import { StatusBadge } from '../../submission/components/status-badge';
import { reviewPanels } from '../decisions';
import { ReviewSubmissionQuery } from '../graphql';
import { useQueueNeighbours } from '../hooks/use-queue-neighbours';
import { useReviewActions } from '../hooks/use-review-actions';
import { useReviewLock } from '../hooks/use-review-lock';
import { readReviewContext, reviewPath, writeQueueParams } from '../urls';
import { ApproveDialog } from './approve-dialog';
import { LockBanner } from './lock-banner';
import { RejectDialog } from './reject-dialog';
import { CategorySection, DetailsSection, RequiredItemsSection, TermsSection } from './review-details';
import { FilesSection, ImagesSection } from './review-media';
import { ReviewSidePanels } from './review-side-panels';
import { ShortcutsHelp } from './shortcuts-help';
import { StaffActionsMenu } from './staff-actions-menu';
import { UpdateDiffSection } from './update-diff';
import { ShortcutsButton } from './shortcuts-button';
import { isPast } from '../publish-date';
import { STAFF_QUEUE_LINKS } from '../links';
import { Tooltip } from '../../../ui/tooltip';

const PAGE_CONTEXT = { additionalTypenames: ['SubmissionProperties', 'SubmissionTest'] };

/**
 * One creation, with everything a reviewer needs on one page: what the creator wrote, files,
 * pictures, category and tags, required items, terms answers, and beside it the checklist, tests,
 * update requests, reports, the creator's other creations and the full history. Opened from a
 * queue, it steps through that queue (j/k) and moves on after a decision.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { itemId } = useParams();
  const id = Number(itemId);
  const [searchParams] = useSearchParams();
  const context = useMemo(() => readReviewContext(searchParams), [searchParams]);
  const permissions = usePermissions();
  const [{ data, fetching, error }] = useQuery({
    query: ReviewSubmissionQuery,
    variables: { id },
    pause: !Number.isInteger(id) || id <= 0,
    context: PAGE_CONTEXT,
  });
  const neighbours = useQueueNeighbours(id, context);
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const { sendToTest } = useReviewActions();

  const submission = data?.submissionProperties ?? null;
  // What staff just set their creator's trust to: shown until the page's data says the same (an
  // answer computed before the change may still arrive after it).
  const [trust, setTrust] = useState<{ memberId: number; trusted: boolean } | null>(null);
  const creatorTrusted = submission && trust && trust.memberId === submission.creator.MemberID ? trust.trusted : (submission?.creator_trusted ?? null);
  useEffect(() => {
    if (trust && submission && submission.creator_trusted === trust.trusted) setTrust(null);
  }, [trust, submission]);
  const { lock, takeOver, refresh: refreshLock } = useReviewLock(id, submission !== null && !submission.deleted_at && reviewPanels(permissions).canLock);
  const lockedByOther = lock !== null && !lock.is_mine;
  // Someone else reviewing: nothing is decided here until the reviewer takes it over.
  const abilities = submission && !lockedByOther ? submission.abilities : null;
  const queueLink = context ? STAFF_QUEUE_LINKS.find((link) => (link.badge ?? link.counter) === context.queue) : undefined;
  const backTo = queueLink && context ? `${queueLink.to}?${writeQueueParams({ ...context.params, selected: id }).toString()}` : '/staff';
  const open = (target: number | null) => target && void navigate(reviewPath(target, context ?? undefined));
  // After a decision the creation leaves its queue: the next one is waiting, or else the queue itself.
  const moveOn = () => (neighbours.next && neighbours.next !== id ? open(neighbours.next) : void navigate(backTo));

  useHotkeys(
    (
      [
        ['j', () => open(neighbours.next)],
        ['k', () => open(neighbours.previous)],
        ['a', () => abilities?.canApprove && setApproving(true)],
        ['r', () => abilities?.canReject && setRejecting(true)],
        ['t', () => submission && abilities?.canTest && void sendToTest(submission.id)],
        ['f', () => document.getElementById('files')?.scrollIntoView({ behavior: 'smooth' })],
        ['Escape', () => void navigate(backTo)],
        ['shift+?', () => setHelpOpen(true)],
      ] as const
    ).map(([key, run]) => [key, () => !isOverlayOpen() && run()]),
  );

  if (!Number.isInteger(id) || id <= 0) return <EmptyState icon={IconBan} title={t('review.page.badId')} />;
  if (!data && fetching) return <CenteredLoader label={t('review.page.loading')} />;
  if (!submission) {
    return (
      <EmptyState icon={IconBan} color="red" title={t('review.page.loadFailed')}>
        {error ? errorCause(error) : null}
      </EmptyState>
    );
  }
  if (location.hash === '#files') queueMicrotask(() => document.getElementById('files')?.scrollIntoView());

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Anchor component={Link} to={backTo} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {queueLink ? t('review.page.backTo', { queue: t(`nav.${queueLink.label}`) }) : t('review.page.backToOverview')}
          </Group>
        </Anchor>
        {context ? (
          <Group gap={4}>
            {neighbours.position && neighbours.total ? (
              <Text size="sm" c="dimmed" mr="xs">
                {t('review.page.position', { position: neighbours.position, total: neighbours.total })}
              </Text>
            ) : null}
            <Tooltip label={t('review.page.previous')}>
              <ActionIcon variant="default" aria-label={t('review.page.previous')} disabled={!neighbours.previous} onClick={() => open(neighbours.previous)}>
                <IconChevronLeft size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('review.page.next')}>
              <ActionIcon variant="default" aria-label={t('review.page.next')} disabled={!neighbours.next} onClick={() => open(neighbours.next)}>
                <IconChevronRight size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
      </Group>

      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} miw={0} style={{ flex: '1 1 420px' }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2}>
              {submission.name || t('list.untitled')}
            </Title>
            <StatusBadge facts={submission} size="lg" />
            {submission.fast_track ? (
              <Badge size="lg" color="teal" variant="light" tt="none" title={t('review.queue.fastTrackHint')}>
                {t('review.queue.fastTrack')}
              </Badge>
            ) : null}
            {creatorTrusted ? (
              <Badge size="lg" color="gray" variant="light" tt="none" leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}>
                {t('review.page.trustedCreator')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t(`kinds.${kindKey(submission.model_type)}.name`)} · #{submission.id} <CopyButton value={submission.id} /> · {t('review.queue.by', { name: submission.creator.UserName })}
            {submission.submitted_at ? (
              <>
                {' · '}
                {t('review.page.submitted')} <DateText value={submission.submitted_at} />
              </>
            ) : null}
            {submission.publish_at ? (
              <>
                {' · '}
                {t(isPast(submission.publish_at) ? 'review.page.publishedAt' : 'review.page.publishAt')} <DateText value={submission.publish_at} />
              </>
            ) : null}
            {submission.team_member ? ` · ${t('review.page.assignedTo', { name: submission.team_member.UserName })}` : null}
          </Text>
        </Stack>
        <Group gap="xs">
          <ShortcutsButton label={t('review.page.shortcuts')} onClick={() => setHelpOpen(true)} />
          {abilities?.canTest ? (
            <Button variant="light" color="violet" leftSection={<IconFlask size={16} aria-hidden />} onClick={() => void sendToTest(submission.id)}>
              {t('review.actions.test')}
            </Button>
          ) : null}
          {abilities?.canReject ? (
            <Button variant="light" color="red" leftSection={<IconBan size={16} aria-hidden />} onClick={() => setRejecting(true)}>
              {t('review.actions.reject')}
            </Button>
          ) : null}
          {abilities?.canApprove ? (
            <Button color="teal" leftSection={<IconCircleCheck size={16} aria-hidden />} onClick={() => setApproving(true)}>
              {t('review.actions.approve')}
            </Button>
          ) : null}
          <StaffActionsMenu submission={{ ...submission, creator_trusted: creatorTrusted }} onTrustChanged={(trusted) => setTrust({ memberId: submission.creator.MemberID, trusted })} />
        </Group>
      </Group>

      {lock && lockedByOther ? <LockBanner lock={lock} onTakeOver={() => void takeOver()} /> : null}
      {currentRejectionReason(submission) ? (
        <Alert color="red" title={t('review.page.rejectedBecause')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {submission.latest_rejection_reason}
          </Text>
        </Alert>
      ) : null}
      {submission.missing_items.length && creationStage(submission) !== 'draft' ? (
        <Alert color="orange" title={t('review.page.missing', { count: submission.missing_items.length })}>
          {submission.missing_items.map((item) => missingItemText(t, item)).join(' · ')}
        </Alert>
      ) : null}

      <AutomaticChecks creation={submission} title={t('checks.reviewTitle')} />
      {submission.possible_duplicates && submission.possible_duplicates.length > 0 ? (
        <Alert color="orange" title={t('review.page.duplicates', { count: submission.possible_duplicates.length })}>
          <Stack gap={4} component="ul" m={0} pl="md">
            {submission.possible_duplicates.map((match) => (
              <Text component="li" size="sm" key={`${match.kind}:${match.id}:${match.other?.id ?? `legacy-${match.legacy_item_id}`}`}>
                {t(`review.page.duplicateKinds.${match.kind === 'file' ? 'file' : match.kind === 'cas_part' ? 'cas_part' : 'object'}`, { name: match.filename ?? '', id: match.id.slice(0, 16) })}{' '}
                {match.other ? (
                  <Anchor component={Link} to={`/staff/review/${match.other.id}`} size="sm">
                    {match.other.name} (#{match.other.id})
                  </Anchor>
                ) : match.legacy_item_id !== null ? (
                  <Anchor component={Link} to={`/staff/archived/${match.legacy_item_id}`} size="sm">
                    {match.legacy_item
                      ? t('review.page.duplicateLegacy', { title: match.legacy_item.title, creator: match.legacy_item.creator ?? '?', id: match.legacy_item.ID })
                      : t('review.page.duplicateLegacyGone', { id: match.legacy_item_id })}
                  </Anchor>
                ) : null}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            {submission.pending_update_request ? <UpdateDiffSection submissionId={submission.id} /> : null}
            <DetailsSection submission={submission} />
            <ImagesSection submission={submission} />
            <FilesSection submission={submission} />
            <CategorySection submission={submission} />
            <RequiredItemsSection submission={submission} />
            <TermsSection submission={submission} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <ReviewSidePanels submission={submission} />
        </Grid.Col>
      </Grid>

      <ApproveDialog ids={approving ? [submission.id] : []} name={submission.name} onClose={() => setApproving(false)} onApproved={moveOn} onLocked={() => void refreshLock()} />
      <RejectDialog target={rejecting ? submission : null} onClose={() => setRejecting(false)} onRejected={moveOn} onLocked={() => void refreshLock()} />
      <ShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Stack>
  );
}

/**
 * Whether a dialog, a menu or the lightbox is open over the page. Its own keys come first: Escape
 * closes it (and must not also leave the page), and j/k must not change the creation behind it.
 */
function isOverlayOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="menu"]') !== null;
}
