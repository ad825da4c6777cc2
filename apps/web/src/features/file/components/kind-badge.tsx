import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { knownKind } from '../file-kinds';

/** What a file is ("Sims 4 package", "Zip archive", …), never cut short by a narrow column. */
export function KindBadge({ kind }: { kind: string | null | undefined }) {
  const { t } = useTranslation();
  const known = knownKind(kind);
  return (
    <Badge
      variant="light"
      color={known === 'unknown' ? 'gray' : undefined}
      radius="sm"
      style={{ textTransform: 'none', flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`filesStep.kinds.${known}`)}
    </Badge>
  );
}
