import type { ReactNode, RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** One line under the title, read out with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons row (Cancel / Create …). */
  footer?: ReactNode;
  /** Default true; false for dialogs the user must answer with a button (a key shown once). */
  dismissible?: boolean;
  /** Focused when the dialog opens (default: its first control), so typing at once lands there. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog (Radix: focus trapped and restored, Escape closes, labelled by its title). Forms
 * put their fields in `children` and their submit button in `footer`, inside the same <form>.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  initialFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog"
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onEscapeKeyDown={(event) => !dismissible && event.preventDefault()}
          onPointerDownOutside={(event) => !dismissible && event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            {dismissible && (
              <RadixDialog.Close className="icon-button dialog-close" aria-label="Close">
                <X size={18} aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>
          )}
          {children && <div className="dialog-body">{children}</div>}
          {footer && <div className="dialog-footer">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
