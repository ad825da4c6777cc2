import { Button, type ButtonProps } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { NewMessageDialog, type NewMessageDialogProps } from './new-message-dialog';

export interface NewMessageButtonProps extends Pick<NewMessageDialogProps, 'recipient' | 'submission'> {
  label: string;
  variant?: ButtonProps['variant'];
}

/** A button that opens the new message dialog (on /messages, on a creation, on a review page). */
export function NewMessageButton({ label, variant = 'filled', recipient, submission }: NewMessageButtonProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <NewMessageDialog opened={isOpen} onClose={() => setOpen(false)} recipient={recipient} submission={submission} />
    </>
  );
}
