import {
  createSubmissionInput,
  itemFieldsInput,
  wordCount,
  MIN_DESCRIPTION_WORDS,
} from '@corner/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '../../../ui/notify';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useClient, type OperationResult } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { sessionDrafts } from '../../../ui/auto-save/draft-store';
import { PageFrame } from '../../../ui/page-frame';
import {
  CreateLotMutation,
  CreateModMutation,
  CreateNewItemMutation,
  CreateRoomMutation,
  CreateSetMutation,
  CreateSimMutation,
} from '../graphql';
import { KIND_ICONS } from '../kinds';
import { CREATABLE_KINDS, editStepPath, readUploadParams, writeUploadParams, type CreatableKind } from '../urls';
import { numberOrNull, ruleMessages } from '../validation';
import classes from './upload-page.module.css';

interface CreateForm {
  name: string;
  description: string;
  is_recolor: boolean;
  max_polycount: number | null;
}

const EMPTY_FORM: CreateForm = { name: '', description: '', is_recolor: false, max_polycount: null };
/** The create form is kept per tab until the creation exists, like every other form. */
const DRAFT_KEY = 'create';

type Created = { id: number; model_type: string };

/** /upload: pick the kind of creation, name and describe it, and go on to its five steps. */
export function UploadPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { kind } = readUploadParams(searchParams);
  const groupLabelId = useId();

  function handleKindChange(value: string) {
    const next = CREATABLE_KINDS.find((k) => k === value) ?? null;
    setSearchParams(writeUploadParams({ kind: next }), { replace: true });
  }

  return (
    <PageFrame title={t('upload.title')} description={t('upload.intro')}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={groupLabelId}>
          {t('upload.kindQuestion')}
        </Title>
        <Radio.Group value={kind ?? ''} onChange={handleKindChange} aria-labelledby={groupLabelId}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {CREATABLE_KINDS.map((k) => {
              const Icon = KIND_ICONS[k];
              return (
                <Radio.Card key={k} value={k} radius="md" className={classes.card}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <ThemeIcon variant="light" size={40} radius="md">
                      <Icon size={22} stroke={1.6} aria-hidden />
                    </ThemeIcon>
                    <div style={{ flex: 1 }}>
                      <Text fw={600}>{t(`kinds.${k}.name`)}</Text>
                      <Text size="sm" c="dimmed" mt={2}>
                        {t(`kinds.${k}.explanation`)}
                      </Text>
                    </div>
                    <Radio.Indicator mt={4} />
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
      </Stack>
      {kind ? <CreateCreationForm key={kind} kind={kind} /> : null}
    </PageFrame>
  );
}

function CreateCreationForm({ kind }: { kind: CreatableKind }) {
  const { t } = useTranslation();
  const client = useClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<CreateForm>(() => ({ ...EMPTY_FORM, ...sessionDrafts.read<CreateForm>(DRAFT_KEY) }));
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const isItem = kind === 'item';

  const ruleErrors = {
    ...ruleMessages<CreateForm>(createSubmissionInput, { name: form.name, description: form.description }),
    ...(isItem ? ruleMessages<CreateForm>(itemFieldsInput, { is_recolor: form.is_recolor, max_polycount: form.max_polycount }) : {}),
  };
  // Character rules show at once; "required" only after a first try, so an empty form is not red.
  const shownError = (field: keyof CreateForm): string | undefined => {
    const rule = ruleErrors[field];
    const isRequiredMessage = rule !== undefined && form[field] === '';
    if (rule && (hasTriedSubmit || !isRequiredMessage)) return rule;
    return serverErrors[field];
  };

  function update<K extends keyof CreateForm>(key: K, value: CreateForm[K]) {
    const next = { ...form, [key]: value };
    setForm(next);
    setServerErrors((errors) => ({ ...errors, [key]: '' }));
    sessionDrafts.write(DRAFT_KEY, next);
  }

  async function create(): Promise<OperationResult<Record<string, Created>>> {
    const base = { name: form.name.trim(), description: form.description.trim() };
    const context = { additionalTypenames: ['Counters', 'SubmissionProperties'] };
    switch (kind) {
      case 'item':
        return client.mutation(CreateNewItemMutation, { ...base, is_recolor: form.is_recolor, max_polycount: form.max_polycount }, context).toPromise();
      case 'set':
        return client.mutation(CreateSetMutation, base, context).toPromise();
      case 'lot':
        return client.mutation(CreateLotMutation, base, context).toPromise();
      case 'room':
        return client.mutation(CreateRoomMutation, base, context).toPromise();
      case 'sim':
        return client.mutation(CreateSimMutation, base, context).toPromise();
      case 'mod':
        return client.mutation(CreateModMutation, base, context).toPromise();
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTriedSubmit(true);
    setFailure(null);
    if (Object.keys(ruleErrors).length > 0) return;
    setIsCreating(true);
    const result = await create();
    setIsCreating(false);
    const created = result.data ? Object.values(result.data)[0] : undefined;
    if (result.error || !created) {
      setServerErrors(result.error ? validationMessages(result.error, '') : {});
      setFailure(result.error ? errorCause(result.error) : t('upload.failed'));
      return;
    }
    sessionDrafts.remove(DRAFT_KEY);
    notifications.show({ color: 'teal', title: t('upload.createdTitle'), message: t('upload.createdText', { name: form.name.trim() }) });
    await navigate(editStepPath(1, created.model_type, created.id));
  }

  const words = wordCount(form.description);
  const kindName = t(`kinds.${kind}.name`);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('upload.formLabel', { kind: kindName })}>
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="md" maw={640}>
          <div>
            <Title order={2} fz="lg">
              {t('upload.formTitle', { kind: kindName.toLowerCase() })}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('upload.formIntro')}
            </Text>
          </div>
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('upload.failedTitle')}>
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label={t('fields.name')}
            required
            value={form.name}
            onChange={(event) => update('name', event.currentTarget.value)}
            error={shownError('name')}
            maxLength={100}
            autoFocus
          />
          <Textarea
            label={t('fields.description')}
            required
            autosize
            minRows={4}
            maxRows={12}
            value={form.description}
            onChange={(event) => update('description', event.currentTarget.value)}
            error={shownError('description')}
            description={t('fields.descriptionHint', { count: MIN_DESCRIPTION_WORDS })}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          />
          <Text size="xs" c={words >= MIN_DESCRIPTION_WORDS ? 'teal' : 'dimmed'} mt={-10} aria-live="polite">
            {t('fields.wordCount', { count: words, min: MIN_DESCRIPTION_WORDS })}
          </Text>
          {isItem ? (
            // Bottom-aligned, the checkbox sits on the polycount's input line however its label and hint wrap.
            <Group align="flex-end" gap="lg">
              <Checkbox
                className={classes.inputLine}
                label={t('fields.isRecolor')}
                checked={form.is_recolor}
                onChange={(event) => update('is_recolor', event.currentTarget.checked)}
              />
              <NumberInput
                label={t('fields.maxPolycount')}
                description={t('fields.maxPolycountHint')}
                value={form.max_polycount ?? ''}
                onChange={(value) => update('max_polycount', numberOrNull(value))}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=","
                error={shownError('max_polycount')}
                w={220}
              />
            </Group>
          ) : null}
          <Group>
            <Button type="submit" loading={isCreating} rightSection={<IconArrowRight size={16} aria-hidden />}>
              {t('upload.create', { kind: kindName.toLowerCase() })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
