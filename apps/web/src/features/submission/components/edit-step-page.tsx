import type { ModelType } from '@corner/domain';
import { ActionIcon, Button, Group, Menu, Paper, Text } from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconArrowLeft, IconArrowRight, IconDots, IconFolders, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { errorCause } from '../../../app/graphql/errors';
import { NotFoundPage } from '../../../app/shell/not-found-page';
import { CenteredLoader } from '../../../ui/centered-loader';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CopyButton } from '../../../ui/copy-button';
import { EmptyState } from '../../../ui/empty-state';
import { PageFrame } from '../../../ui/page-frame';
import { StepNav } from '../../../ui/step-nav';
import { FilesStep } from '../../file/components/files-step';
import { ImagesStep } from '../../image/components/images-step';
import { NewMessageButton } from '../../message/components/new-message-button';
import { DeleteSubmissionMutation, EditCreationQuery } from '../graphql';
import { kindIcon, kindKey } from '../kinds';
import { MY_CREATIONS_LINK } from '../links';
import { EDIT_STEPS, editStepPath, isItemId, isModelType, type EditStep } from '../urls';
import { CategoriesStep } from './categories-step';
import { DetailsStep } from './details-step';
import { EditBanner } from './edit-banner';
import { StatusBadge } from './status-badge';
import classes from './edit-step-page.module.css';
import { TermsStep } from './terms-step';

/** The creator writes to staff from a creation's page. */
const STAFF_RECIPIENT = { kind: 'staff' } as const;

/** /my-creations/edit/step-{step}/:type/:itemId: one of the five edit steps (DESIGN section 4). */
export function EditStepPage({ step }: { step: EditStep }) {
  const { type, itemId } = useParams();
  if (!isModelType(type) || !isItemId(itemId)) return <NotFoundPage />;
  // Keyed by the creation: another creation starts with fresh forms and drafts.
  return <EditCreation key={itemId} step={step} type={type} id={Number(itemId)} />;
}

function EditCreation({ step, type, id }: { step: EditStep; type: ModelType; id: number }) {
  const { t } = useTranslation();
  const client = useClient();
  const navigate = useNavigate();
  const [{ data, fetching, error }] = useQuery({ query: EditCreationQuery, variables: { id } });
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (!data) {
    if (fetching) return <CenteredLoader label={t('app.loading')} />;
    return (
      <PageFrame title={t('edit.notFoundTitle')}>
        <EmptyState
          icon={IconFolders}
          color="red"
          title={t('edit.notFoundTitle')}
          action={
            <Button component={Link} to={MY_CREATIONS_LINK.to} variant="light">
              {t('edit.backToList')}
            </Button>
          }
        >
          {error ? errorCause(error) : t('edit.notFoundText')}
        </EmptyState>
      </PageFrame>
    );
  }

  const creation = data.submissionProperties;
  // A link with the wrong kind in it still finds the creation.
  if (creation.model_type !== type) return <Navigate replace to={editStepPath(step, creation.model_type, id)} />;
  const isReadOnly = !creation.abilities.canEdit;
  const kind = t(`kinds.${kindKey(creation.model_type)}.name`);
  const KindIcon = kindIcon(creation.model_type);
  const missingByStep = (n: number) => creation.missing_items.filter((m) => m.step === n).length;

  async function handleDelete() {
    setDeleting(true);
    setDeleteError(null);
    const result = await client
      .mutation(DeleteSubmissionMutation, { id }, { additionalTypenames: ['SubmissionProperties', 'Counters'] })
      .toPromise();
    setDeleting(false);
    if (result.error) {
      setDeleteError(errorCause(result.error));
      return;
    }
    setDeleteOpen(false);
    notifications.show({ color: 'teal', title: t('edit.deletedTitle'), message: t('edit.deletedText', { name: creation.name }) });
    await navigate(MY_CREATIONS_LINK.to);
  }

  const stepItems = EDIT_STEPS.map((n) => {
    // What is missing matters only while the creation can still be edited and submitted.
    const missing = isReadOnly ? 0 : missingByStep(n);
    const hasRules = n === 1 || n === 3 || n === 4;
    return {
      key: String(n),
      label: t(`editStep.steps.${n}.label`),
      to: editStepPath(n, creation.model_type, id),
      hint: missing > 0 ? t('edit.missingCount', { count: missing }) : hasRules && !isReadOnly ? t('edit.stepReady') : undefined,
      hintColor: missing > 0 ? 'red' : 'teal',
    };
  });
  const steps: readonly EditStep[] = EDIT_STEPS;
  const previous = steps[step - 2];
  const next = steps[step];

  return (
    <PageFrame
      title={creation.name || t('list.untitled')}
      description={
        <Group gap="xs" wrap="wrap">
          <KindIcon size={18} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text component="span" c="dimmed">
            {t('edit.kindAndId', { kind, id })} <CopyButton value={id} />
          </Text>
          <StatusBadge facts={creation} />
        </Group>
      }
      actions={
        <>
          <Button component={Link} to={MY_CREATIONS_LINK.to} variant="default" leftSection={<IconFolders size={16} aria-hidden />}>
            {t('nav.myCreations')}
          </Button>
          <NewMessageButton
            label={t('messages.messageStaff')}
            variant="light"
            recipient={STAFF_RECIPIENT}
            submission={{ id, name: creation.name }}
          />
          {creation.abilities.canDelete ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={t('edit.moreActions')}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleteOpen(true)}>
                  {t('edit.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </>
      }
    >
      <StepNav label={t('edit.stepsLabel')} items={stepItems} current={String(step)} />
      <EditBanner creation={creation} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={isReadOnly ? classes.readOnly : undefined}>
        {step === 1 ? <DetailsStep creation={creation} item={data.item} isReadOnly={isReadOnly} missing={creation.missing_items} /> : null}
        {step === 2 ? <FilesStep submissionId={id} type={type} /> : null}
        {step === 3 ? <ImagesStep submissionId={id} type={type} /> : null}
        {step === 4 ? <CategoriesStep creation={creation} isReadOnly={isReadOnly} missing={creation.missing_items} /> : null}
        {step === 5 ? <TermsStep creation={creation} isReadOnly={isReadOnly} /> : null}
      </Paper>
      <Group justify="space-between">
        {previous ? (
          <Button
            component={Link}
            to={editStepPath(previous, creation.model_type, id)}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('edit.previous', { step: t(`editStep.steps.${previous}.label`) })}
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          <Button
            component={Link}
            to={editStepPath(next, creation.model_type, id)}
            variant="light"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            {t('edit.next', { step: t(`editStep.steps.${next}.label`) })}
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={isDeleteOpen}
        title={t('edit.deleteTitle')}
        message={t('edit.deleteText', { name: creation.name })}
        confirmLabel={t('edit.delete')}
        isDanger
        isBusy={isDeleting}
        error={deleteError}
        onConfirm={() => void handleDelete()}
        onClose={() => setDeleteOpen(false)}
      />
    </PageFrame>
  );
}
