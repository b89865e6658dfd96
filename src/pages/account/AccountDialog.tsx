import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

interface AccountDialogProps {
  title: string;
  /** the close button's accessible name */
  closeLabel: string;
  onClose: () => void;
  /** above another dialog that stays open beneath */
  zIndex?: number;
  children: ReactNode;
}

/** A question the Account page asks over the page: its title, a named close button, then what it asks. */
export function AccountDialog({ title, closeLabel, onClose, zIndex, children }: AccountDialogProps) {
  return (
    <Modal.Root opened onClose={onClose} centered {...(zIndex !== undefined && { zIndex })}>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's <header>: in the portal, outside <main>, a header is a second banner landmark beside the top bar. */}
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
