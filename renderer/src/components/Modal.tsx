/**
 * The one modal shell of the app's dialogs (docs/ui-contract.md): an overlay whose background
 * click closes, and a `role="dialog"` box labelled by its heading that closes on Esc (the Esc does
 * not reach the list's "stop all").
 */
import type { ReactNode } from 'react';

export function Modal(props: { labelledBy: string; className?: string; onClose(): void; children: ReactNode }) {
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}>
      <div
        className={props.className ? `dialog ${props.className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            props.onClose();
          }
        }}
      >
        {props.children}
      </div>
    </div>
  );
}
