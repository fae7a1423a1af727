import { useRef, type ReactNode, type RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { focusIsLost, rememberPlace } from '@/lib/focus-place';
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
  /**
   * Focused when the dialog opens (default: its first control, which is the × button), so typing at once
   * lands there. A field that is not in the dialog yet leaves focus on the dialog itself.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * What takes the focus back when the dialog closes, when that is not what had it as the dialog opened
   * (a dialog that follows another one: the first dialog's field had it, and is gone by then).
   */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog (Radix: focus trapped, Escape closes, labelled by its title). Forms put their fields in
 * `children` and their submit button in `footer`, inside the same <form>.
 *
 * The app opens dialogs from state, not from a Radix Trigger, so Radix has nothing to give focus back to
 * on close. The dialog remembers what had focus when it opened (the button that opened it) and focuses it
 * again when it closes, unless focus has been put somewhere else meanwhile. When the dialog removed the
 * opener's row (a confirmed delete), focus goes to the same control of the row now in its place
 * (lib/focus-place.ts).
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
  returnFocus,
}: DialogProps) {
  const opener = useRef<(() => HTMLElement | null) | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog"
          onOpenAutoFocus={(event) => {
            // Called before Radix moves focus into the dialog: the focused element is still the opener.
            const active = returnFocus?.current ?? document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? rememberPlace(active) : null;
            if (!initialFocus) return;
            event.preventDefault();
            const field = initialFocus.current;
            // Not there yet (its data is loading): the dialog itself, until the field shows and takes focus.
            if (!field) {
              (event.currentTarget as HTMLElement).focus();
              return;
            }
            field.focus();
            // A field that opens filled (a rename) is selected, so typing replaces it, as Radix does.
            if (field instanceof HTMLInputElement) field.select();
          }}
          onCloseAutoFocus={(event) => {
            const place = opener.current;
            opener.current = null;
            // The dialog's content is gone by now, so focus is on <body> unless the app moved it on purpose.
            const target = focusIsLost() ? place?.() : null;
            if (!target) return; // Radix's default
            event.preventDefault();
            target.focus();
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
