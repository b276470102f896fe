/**
 * The one modal shell of the app's dialogs (docs/ui-contract.md): an overlay and a
 * `role="dialog"` box labelled by its heading, with a focus trap (focus-trap-react):
 * - the focus starts on `initialFocus` (else the first control) and Tab / Shift+Tab cycle
 *   through the dialog's controls only;
 * - Esc asks to close wherever the focus is (also on the page's body, after a click on a
 *   disabled control), and never reaches the list's "stop all"; of stacked dialogs (the folder
 *   picker over the Export dialog) only the top one hears it;
 * - a mouse press on the overlay asks to close;
 * - once closed, the focus returns to the control that opened the dialog.
 * `onClose` says why it was asked: the dialog decides (the Export dialog cancels a running export on
 * Esc and ignores the overlay while it runs).
 */
import { FocusTrap } from 'focus-trap-react';
import { useRef, type ReactNode, type RefObject } from 'react';

export type CloseReason = 'escape' | 'backdrop';

export function Modal(props: {
  labelledBy: string;
  className?: string;
  /** The control focused when the dialog opens; default: its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Receives the dialog box element. */
  dialogRef?: RefObject<HTMLDivElement | null>;
  onClose(reason: CloseReason): void;
  children: ReactNode;
}) {
  const { initialFocus } = props;
  const ownRef = useRef<HTMLDivElement>(null);
  const dialogRef = props.dialogRef ?? ownRef;
  // the trap keeps the options it was started with: Esc calls the latest onClose through this ref
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  return (
    <div
      className="overlay"
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget) return;
        e.preventDefault(); // the press does not move the focus that closing gives back to the opener
        onClose.current('backdrop');
      }}
    >
      <FocusTrap
        focusTrapOptions={{
          // also asked when a dialog stacked on this one closes: the focus it gave back stays
          initialFocus: () =>
            dialogRef.current?.contains(document.activeElement) ? undefined : (initialFocus?.current ?? undefined),
          fallbackFocus: () => dialogRef.current!,
          // the trap only reports Esc; the dialog closes itself, which ends the trap
          escapeDeactivates: (e) => {
            e.preventDefault();
            onClose.current('escape');
            return false;
          },
          // the overlay covers the page: its own mouse press closes; nothing outside is blocked
          allowOutsideClick: true,
          returnFocusOnDeactivate: true,
        }}
      >
        <div
          className={props.className ? `dialog ${props.className}` : 'dialog'}
          role="dialog"
          aria-modal="true"
          aria-labelledby={props.labelledBy}
          tabIndex={-1}
          ref={dialogRef}
        >
          {props.children}
        </div>
      </FocusTrap>
    </div>
  );
}
