import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { errorCause, validationMessages } from '../../../app/graphql/errors';
import { Modal } from '../../../ui/modal';
import { ReportTypesQuery } from '../graphql';
import { reportTypeOptions } from '../report-types';
import { CreateReportMutation, UpdateReportMutation } from './report-dialog.graphql';

/** What the dialog does: file a new report on a creation, or correct an existing one. */
export type ReportDialogTarget =
  | { kind: 'create'; submissionId: number }
  | { kind: 'edit'; report: { id: number; type: string; note: string | null } };

export interface ReportDialogProps {
  /** The dialog is closed while null. */
  target: ReportDialogTarget | null;
  onClose: () => void;
  onSaved?: () => void;
}

/** Lists of reports refetch once one is filed or changed. */
export const REPORTS_CONTEXT = { additionalTypenames: ['SubmissionReport', 'SubmissionProperties', 'Counters'] };

/**
 * The kind of problem and a note, for a new report or an existing one. A failed save keeps what was
 * typed and shows the server's reason (beside the field it is about, when it names one).
 */
export function ReportDialog({ target, onClose, onSaved }: ReportDialogProps) {
  const { t } = useTranslation();
  // A new target starts a new form; the same one refetched while open keeps what was typed.
  const key = target === null ? null : target.kind === 'create' ? `create:${target.submissionId}` : `edit:${target.report.id}`;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      centered
      size="m"
      title={target?.kind === 'edit' ? t('reports.dialog.editTitle', { id: target.report.id }) : t('reports.dialog.createTitle')}
    >
      {target ? <ReportForm key={key} target={target} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function ReportForm({ target, onClose, onSaved }: { target: ReportDialogTarget; onClose: () => void; onSaved?: () => void }) {
  const { t } = useTranslation();
  const [{ data: types, error: typesError }] = useQuery({ query: ReportTypesQuery });
  const [{ fetching: creating }, create] = useMutation(CreateReportMutation);
  const [{ fetching: updating }, update] = useMutation(UpdateReportMutation);
  const [type, setType] = useState<string | null>(target.kind === 'edit' ? target.report.type : null);
  const [note, setNote] = useState(target.kind === 'edit' ? (target.report.note ?? '') : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function handleSave() {
    setProblem(null);
    setFields({});
    const result =
      target.kind === 'create'
        ? await create({ submission_id: target.submissionId, type, note }, REPORTS_CONTEXT)
        : await update({ id: target.report.id, type, note }, REPORTS_CONTEXT);
    if (result.error) {
      const byField = validationMessages(result.error, '');
      setFields(byField);
      setProblem(Object.keys(byField).length ? null : errorCause(result.error));
      return;
    }
    onSaved?.();
    onClose();
  }

  return (
    <Stack gap="sm">
      <Select
        label={t('reports.dialog.type')}
        placeholder={t('reports.dialog.typePlaceholder')}
        data={reportTypeOptions(types?.reportTypes)}
        value={type}
        onChange={setType}
        error={fields.type ?? (typesError && !types ? t('reports.dialog.typesFailed') : undefined)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Textarea
        label={t('reports.dialog.note')}
        description={t('reports.dialog.noteHelp')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={fields.note}
        autosize
        minRows={3}
        maxRows={10}
      />
      {problem ? (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button loading={creating || updating} onClick={() => void handleSave()}>
          {target.kind === 'edit' ? t('reports.dialog.save') : t('reports.dialog.create')}
        </Button>
      </Group>
    </Stack>
  );
}
