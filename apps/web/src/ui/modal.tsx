import { Modal as MantineModal, type ModalProps as MantineModalProps } from '@mantine/core';
import { MODAL_WIDTHS, type ModalSize } from './modal-size';
import classes from './modal.module.css';

export interface ModalProps extends Omit<MantineModalProps, 'size' | 'classNames'> {
  /** One of the app's six sizes (modal-size.ts); the width follows from it. */
  size: ModalSize;
}

/**
 * Mantine's Modal with the app's sizes: every dialog is one of m, l, ml, xl, xxl, xxxl (SPEC 2),
 * and full width on a phone. Dialogs import this one, not Mantine's (eslint.config.js).
 */
export function Modal({ size, ...props }: ModalProps) {
  return <MantineModal {...props} size={MODAL_WIDTHS[size]} classNames={{ root: classes.root }} data-size={size} />;
}
