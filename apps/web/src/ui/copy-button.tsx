import { ActionIcon } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCopier, isPressKey, keepToButton } from './copy';
import classes from './copy-button.module.css';
import { Tooltip } from './tooltip';

export interface CopyButtonProps {
  /** What goes to the clipboard: an id, a number. */
  value: string | number;
  /** The button's accessible name; "Copy id {value}" unless given. */
  label?: string;
}

/**
 * A small button beside an id that copies it: a check for 350 ms once copied (SPEC 9), the alert
 * "Failed to copy id" when the browser refuses (SPEC 8). Sits inside text lines and clickable rows.
 */
export function CopyButton({ value, label }: CopyButtonProps) {
  const { t } = useTranslation();
  const text = String(value);
  const [isCopied, setIsCopied] = useState(false);
  const failureMessage = t('copy.failed');
  const copier = useMemo(() => createCopier({ onCopiedChange: setIsCopied, failureMessage }), [failureMessage]);
  useEffect(() => () => copier.dispose(), [copier]);

  return (
    <>
      <Tooltip label={isCopied ? t('copy.copied') : t('copy.tooltip')} openDelay={400} withArrow>
        <ActionIcon
          variant="subtle"
          color={isCopied ? 'teal' : 'gray'}
          size="sm"
          aria-label={label ?? t('copy.label', { value: text })}
          data-copied={isCopied || undefined}
          className={classes.button}
          onClick={(event) => {
            keepToButton(event);
            void copier.copy(text);
          }}
          onKeyDown={(event) => {
            if (isPressKey(event.key)) event.stopPropagation();
          }}
        >
          {isCopied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <span className={classes.status} aria-live="polite">
        {isCopied ? t('copy.copied') : ''}
      </span>
    </>
  );
}
