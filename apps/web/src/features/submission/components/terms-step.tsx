import { API_ERROR, lifecycleTarget, MAX_EARLY_ACCESS_DAYS, submissionPropertiesInput } from '@corner/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconAlertCircle, IconCircleCheck, IconCircleDashed, IconSend } from '@tabler/icons-react';
import { readFragment, type FragmentOf, type VariablesOf } from 'gql.tada';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useClient } from 'urql';
import { errorCause, hasErrorCode } from '../../../app/graphql/errors';
import type { FieldErrors } from '../../../ui/auto-save/auto-saver';
import type { Draft } from '../../../ui/auto-save/draft-store';
import { useAutoSave } from '../../../ui/auto-save/use-auto-save';
import { AutomaticChecks } from '../../check/components/automatic-checks';
import { AutomaticChecksFragment } from '../../check/graphql';
import { EditCreationQuery, UpdateSubmissionPropertiesMutation, UpdateSubmissionStatusMutation } from '../graphql';
import { AWAITING_APPROVAL_LINK } from '../links';
import { missingItemText, type MissingItemView } from '../missing-items';
import { FEEDBACK_OPTIONS, RECOLOR_OPTIONS, optionData } from '../options';
import { saveResultOf } from '../save-result';
import { editStepPath, isEditStep } from '../urls';
import { ruleMessages, textOrNull } from '../validation';
import { WithdrawButton } from './edit-banner';
import { NotSetText, StepHeader, StepSection } from './step-frame';
import { TermsStepFragment } from './terms-step.fragment';

interface TermsValues {
  tsr_exclusive: boolean | null;
  feedback_option: number | null;
  recolor_option: number | null;
  can_be_shared: boolean | null;
  enable_social_media_links: boolean | null;
  terms_notes: string;
  early_access_days: number | null;
}

type PropertiesInput = VariablesOf<typeof UpdateSubmissionPropertiesMutation>['input'];

function termsInput(values: Draft<TermsValues>): PropertiesInput {
  const input: PropertiesInput = {};
  if (values.tsr_exclusive !== undefined) input.tsr_exclusive = values.tsr_exclusive;
  if (values.feedback_option !== undefined) input.feedback_option = values.feedback_option;
  if (values.recolor_option !== undefined) input.recolor_option = values.recolor_option;
  if (values.can_be_shared !== undefined) input.can_be_shared = values.can_be_shared;
  if (values.enable_social_media_links !== undefined) input.enable_social_media_links = values.enable_social_media_links;
  if (values.terms_notes !== undefined) input.terms_notes = textOrNull(values.terms_notes);
  if (values.early_access_days !== undefined) input.early_access_days = values.early_access_days;
  return input;
}

export interface TermsStepProps {
  creation: FragmentOf<typeof TermsStepFragment> & { name: string };
  isReadOnly: boolean;
}

/**
 * Step 5: the exclusivity question, the feedback, recolour, sharing and social options, terms
 * notes, the legal acknowledgement, what is still missing, and the submit button.
 */
export function TermsStep({ creation: ref, isReadOnly }: TermsStepProps) {
  const { t } = useTranslation();
  const client = useClient();
  const navigate = useNavigate();
  const creation = readFragment(TermsStepFragment, ref);
  const name = ref.name;
  const [hasAccepted, setAccepted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const base = useMemo<TermsValues>(
    () => ({
      tsr_exclusive: creation.tsr_exclusive ?? null,
      feedback_option: creation.feedback_option ?? null,
      recolor_option: creation.recolor_option ?? null,
      can_be_shared: creation.can_be_shared ?? null,
      enable_social_media_links: creation.enable_social_media_links ?? null,
      terms_notes: creation.terms_notes ?? '',
      early_access_days: creation.early_access_days ?? null,
    }),
    [creation],
  );
  const validate = useCallback(
    (values: TermsValues): FieldErrors<TermsValues> => ruleMessages<TermsValues>(submissionPropertiesInput, termsInput(values)),
    [],
  );
  const save = useCallback(
    async (changes: Draft<TermsValues>) => {
      const result = await client
        .mutation(UpdateSubmissionPropertiesMutation, { id: creation.id, input: termsInput(changes) }, { additionalTypenames: ['Counters'] })
        .toPromise();
      return saveResultOf<TermsValues>(result);
    },
    [client, creation.id],
  );
  const form = useAutoSave<TermsValues>({ storageKey: `${creation.id}:step-5`, base, save, validate, isReadOnly });
  const { values, errors } = form;
  const flush = () => void form.flush();
  function choose<K extends keyof TermsValues>(key: K, value: TermsValues[K]) {
    form.setValue(key, value);
    flush();
  }

  const missing = creation.missing_items;
  // Whether it is the creator's to send (a draft, or a rejected creation again) is the server's answer.
  // A failing automatic check blocks submission as a missing item does; warnings and pending ones do not.
  const failingChecks = (readFragment(AutomaticChecksFragment, creation).automatic_checks ?? []).filter((c) => c.outcome === 'failure');
  const canSubmit = !isReadOnly && creation.abilities.canSubmit && missing.length === 0 && failingChecks.length === 0 && hasAccepted;
  // Read-only shows the answers given: an empty one reads "Not set", not as a prompt to choose.
  const notSet = isReadOnly ? t('edit.notSet') : undefined;
  const isWaiting = creation.abilities.canWithdraw;

  async function handleSubmit() {
    setSubmitError(null);
    setSubmitting(true);
    // What was just typed on this step goes first; the server checks completeness on what it holds.
    const isSaved = await form.flush();
    if (!isSaved) {
      setSubmitting(false);
      setSubmitError(t('terms.saveFirst'));
      return;
    }
    const result = await client
      .mutation(UpdateSubmissionStatusMutation, { id: creation.id, status: lifecycleTarget('submit') }, { additionalTypenames: ['Counters'] })
      .toPromise();
    setSubmitting(false);
    if (result.error) {
      setSubmitError(errorCause(result.error));
      // Something went missing since the page loaded (a file removed in another tab): the list
      // above is reloaded, so it shows what to add.
      if (hasErrorCode(result.error, API_ERROR.submissionIncomplete) || hasErrorCode(result.error, API_ERROR.submissionChecksFailed)) {
        await client.query(EditCreationQuery, { id: creation.id }, { requestPolicy: 'network-only' }).toPromise();
      }
      return;
    }
    notifications.show({ color: 'teal', title: t('terms.submittedTitle'), message: t('terms.submittedText', { name }) });
    await navigate(AWAITING_APPROVAL_LINK.to);
  }

  const feedbackData = optionData(FEEDBACK_OPTIONS, values.feedback_option, (v) => t(`options.feedback.${v as 0}`), (v) => t('options.unknown', { value: v }));
  const recolorData = optionData(RECOLOR_OPTIONS, values.recolor_option, (v) => t(`options.recolor.${v as 0}`), (v) => t('options.unknown', { value: v }));

  return (
    <Stack gap="lg">
      <StepHeader
        title={t('editStep.steps.5.label')}
        text={t(isReadOnly ? 'editStep.steps.5.readOnlyText' : 'editStep.steps.5.text')}
        status={isReadOnly ? undefined : form.status}
        failure={form.failure}
        onRetry={() => void form.retry()}
      />
      <StepSection title={t('terms.exclusiveTitle')} description={t('terms.exclusiveText')}>
        <Radio.Group
          label={t('terms.exclusiveQuestion')}
          value={values.tsr_exclusive === null ? '' : values.tsr_exclusive ? 'yes' : 'no'}
          onChange={(value) => choose('tsr_exclusive', value === 'yes')}
          error={errors.tsr_exclusive}
        >
          {isReadOnly && values.tsr_exclusive === null ? (
            <NotSetText mt={4} />
          ) : (
            <Stack gap="xs" mt={8}>
              <Radio value="yes" label={t('terms.exclusiveYes')} disabled={isReadOnly} />
              <Radio value="no" label={t('terms.exclusiveNo')} disabled={isReadOnly} />
            </Stack>
          )}
        </Radio.Group>
      </StepSection>
      {creation.abilities.canSetEarlyAccess || (isReadOnly && (creation.early_access_days ?? 0) > 0) ? (
        <>
          <Divider />
          <StepSection title={t('terms.earlyAccessTitle')} description={t('terms.earlyAccessText', { max: MAX_EARLY_ACCESS_DAYS })}>
            <NumberInput
              label={t('terms.earlyAccessDays')}
              min={0}
              max={MAX_EARLY_ACCESS_DAYS}
              allowDecimal={false}
              allowNegative={false}
              maw={260}
              value={values.early_access_days ?? 0}
              onChange={(value) => form.setValue('early_access_days', typeof value === 'number' ? value : 0)}
              onBlur={flush}
              error={errors.early_access_days}
              readOnly={isReadOnly}
            />
          </StepSection>
        </>
      ) : null}
      <Divider />
      <StepSection title={t('terms.optionsTitle')} description={isReadOnly ? undefined : t('terms.optionsText')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('terms.feedback')}
            data={feedbackData}
            value={values.feedback_option === null ? null : String(values.feedback_option)}
            onChange={(value) => value !== null && choose('feedback_option', Number(value))}
            allowDeselect={false}
            placeholder={notSet ?? t('terms.choose')}
            error={errors.feedback_option}
            readOnly={isReadOnly}
          />
          <Select
            label={t('terms.recolor')}
            data={recolorData}
            value={values.recolor_option === null ? null : String(values.recolor_option)}
            onChange={(value) => value !== null && choose('recolor_option', Number(value))}
            allowDeselect={false}
            placeholder={notSet ?? t('terms.choose')}
            error={errors.recolor_option}
            readOnly={isReadOnly}
          />
        </SimpleGrid>
        <Switch
          label={t('terms.canBeShared')}
          description={t('terms.canBeSharedText')}
          checked={values.can_be_shared ?? false}
          onChange={(event) => choose('can_be_shared', event.currentTarget.checked)}
          disabled={isReadOnly}
        />
        <Switch
          label={t('terms.socialLinks')}
          description={t('terms.socialLinksText')}
          checked={values.enable_social_media_links ?? false}
          onChange={(event) => choose('enable_social_media_links', event.currentTarget.checked)}
          disabled={isReadOnly}
        />
        <Textarea
          label={t('terms.notes')}
          description={t('terms.notesText')}
          autosize
          minRows={2}
          value={values.terms_notes}
          onChange={(event) => form.setValue('terms_notes', event.currentTarget.value)}
          onBlur={flush}
          error={errors.terms_notes}
          readOnly={isReadOnly}
          placeholder={notSet}
        />
      </StepSection>
      {isReadOnly ? null : (
        <>
          <Divider />
          <StepSection title={t('terms.legalTitle')}>
            <Paper withBorder p="md" radius="md" bg="var(--corner-surface-subtle)">
              <Stack gap="xs">
                <Text size="sm">{t('terms.legalKeep')}</Text>
                <Text size="sm">{t('terms.legalOwn')}</Text>
                <Text size="sm">{t('terms.legalShare')}</Text>
              </Stack>
            </Paper>
            <Checkbox
              label={t('terms.accept')}
              checked={hasAccepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
              required
            />
          </StepSection>
          <Divider />
          <StepSection title={t('terms.readyTitle')}>
            <CompletenessReport missing={missing} modelType={creation.model_type} id={creation.id} checksFail={failingChecks.length > 0} />
            <AutomaticChecks
              creation={creation}
              onRecheck={() => void client.query(EditCreationQuery, { id: creation.id }, { requestPolicy: 'network-only' }).toPromise()}
            />
            {submitError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('terms.submitFailed')}>
                {submitError}
              </Alert>
            ) : null}
            <Group gap="md" align="center">
              <Button size="md" leftSection={<IconSend size={18} aria-hidden />} disabled={!canSubmit} loading={isSubmitting} onClick={() => void handleSubmit()}>
                {t('terms.submit')}
              </Button>
              {!canSubmit ? (
                <Text size="sm" c="dimmed">
                  {missing.length > 0 ? t('terms.blockedMissing') : failingChecks.length > 0 ? t('terms.blockedChecks') : t('terms.blockedAccept')}
                </Text>
              ) : null}
            </Group>
          </StepSection>
        </>
      )}
      {/* Once submitted there is nothing left to get ready: only the way back to editing. */}
      {isWaiting ? (
        <>
          <Divider />
          <StepSection title={t('terms.reviewTitle')}>
            <Group gap="md" align="center">
              <Stack gap={2}>
                <Text size="sm">{t('terms.alreadySubmitted')}</Text>
                {creation.queue_position ? (
                  <Text size="sm" fw={500} data-testid="queue-position">
                    {t('terms.queuePosition', { position: creation.queue_position.position, waiting: creation.queue_position.waiting })}
                    {' · '}
                    {creation.queue_position.estimate_low_days !== null && creation.queue_position.estimate_high_days !== null
                      ? creation.queue_position.estimate_low_days === creation.queue_position.estimate_high_days
                        ? t('terms.queueEstimateOne', { count: creation.queue_position.estimate_low_days })
                        : t('terms.queueEstimate', { low: creation.queue_position.estimate_low_days, high: creation.queue_position.estimate_high_days })
                      : t('terms.queueNoEstimate')}
                  </Text>
                ) : null}
              </Stack>
              <WithdrawButton id={creation.id} variant="light" />
            </Group>
          </StepSection>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * What the completeness check still misses, each linking to its step; "Everything is ready" when
 * nothing is missing and no automatic check fails (`checksFail`: the checks below say what).
 */
function CompletenessReport({
  missing,
  modelType,
  id,
  checksFail,
}: {
  missing: readonly MissingItemView[];
  modelType: string;
  id: number;
  checksFail: boolean;
}) {
  const { t } = useTranslation();
  if (missing.length === 0 && checksFail) {
    return (
      <Alert color="gray" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title={t('terms.nothingMissing')}>
        {t('terms.nothingMissingText')}
      </Alert>
    );
  }
  if (missing.length === 0) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title={t('terms.ready')}>
        {t('terms.readyText')}
      </Alert>
    );
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} size="sm" mb="xs">
        {t('terms.missingTitle', { count: missing.length })}
      </Text>
      <List
        spacing={6}
        size="sm"
        icon={
          <ThemeIcon size={20} radius="xl" color="orange" variant="light">
            <IconCircleDashed size={14} aria-hidden />
          </ThemeIcon>
        }
      >
        {missing.map((item) => (
          <List.Item key={`${item.code}:${item.childName ?? ''}`}>
            <Group gap={6} wrap="wrap">
              <Text size="sm">{missingItemText(t, item)}</Text>
              {isEditStep(item.step) ? (
                <Anchor component={Link} to={editStepPath(item.step, modelType, id)} size="sm">
                  {t('terms.goToStep', { step: item.step, label: t(`editStep.steps.${item.step}.label`) })}
                </Anchor>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
