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

export interface StatusBadgeProps {
  facts: StatusFacts;
  /** Shown in the Testing queue, which knows more than the status: a submitted creation there is being tested. */
  isInTestingQueue?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** A creation's status as its creator reads it: Draft, Awaiting approval, Published, … */
export function StatusBadge({ facts, isInTestingQueue = false, size = 'sm' }: StatusBadgeProps) {
  const { t } = useTranslation();
  const status = creationStage(facts);
  const stage: CreationStage = isInTestingQueue && status === 'submitted' ? 'testing' : status;
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" size={size} radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {t(`stage.${stage}`)}
    </Badge>
  );
}
