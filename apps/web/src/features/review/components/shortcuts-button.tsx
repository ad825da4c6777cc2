import { ActionIcon } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import classes from './shortcuts-button.module.css';
import { Tooltip } from '../../../ui/tooltip';

/** Opens the keyboard shortcuts of a staff page; not shown on a touch screen, which has no keyboard. */
export function ShortcutsButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} className={classes.button}>
        <IconKeyboard size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
