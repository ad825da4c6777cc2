import { Paper, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/shell/not-found-page';
import { PageFrame } from '../../../ui/page-frame';
import { EDIT_STEPS, editStepPath, isItemId, isModelType, type EditStep } from '../urls';

/** /my-creations/edit/step-{step}/:type/:itemId: one of the five edit steps (DESIGN section 4). */
export function EditStepPage({ step }: { step: EditStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type, itemId } = useParams();
  if (!isModelType(type) || !isItemId(itemId)) return <NotFoundPage />;

  return (
    <PageFrame title={t('editStep.title')} description={t('editStep.intro')}>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stepper
          active={step - 1}
          onStepClick={(index) => {
            const target = EDIT_STEPS[index];
            if (target) void navigate(editStepPath(target, type, itemId));
          }}
          size="sm"
          wrap
        >
          {EDIT_STEPS.map((n) => (
            <Stepper.Step key={n} label={t(`editStep.steps.${n}.label`)} />
          ))}
        </Stepper>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="xl">
          {t(`editStep.steps.${step}.label`)}
        </Title>
        <Text c="dimmed" mt={6}>
          {t(`editStep.steps.${step}.text`)}
        </Text>
      </Paper>
    </PageFrame>
  );
}
