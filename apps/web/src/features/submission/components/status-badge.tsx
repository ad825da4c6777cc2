import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creationStage, type CreationStage } from '@corner/domain';
import type { StatusFacts } from '../status';

const STAGE_COLORS: Record<CreationStage, MantineColor> = {
  draft: 'gray',
  rejected: 'red',
  submitted: 'blue',
  testing: 'violet',
  approved: 'teal',
  published: 'green',
  deleted: 'dark',
};

/** A creation's status as its creator reads it: Draft, Awaiting approval, Published, … */
export function StatusBadge({ facts, stage: knownStage, size = 'sm' }: { facts: StatusFacts; stage?: CreationStage; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  // A list may know more than the status: a submitted creation in the Testing queue is being tested.
  const stage = knownStage ?? creationStage(facts);
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" size={size} radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {t(`stage.${stage}`)}
    </Badge>
  );
}
