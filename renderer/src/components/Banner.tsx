/**
 * One banner under the toolbar — the demo data, a failed open, a stopped host, the dat's warnings,
 * a drop hint —, each made here: its text in a region of `role` (`alert` for errors, `note`
 * otherwise; `label` its accessible name when it needs one), then its `actions` (an error's
 * "Copy details") and, when it can be dismissed, the one close button ("×", accessible name
 * `dismiss.label`, e.g. "Dismiss error"). Styles: `.banner` + its tone in styles.css.
 */
import type { ReactNode } from 'react';

export interface BannerProps {
  tone: 'demo' | 'error' | 'warn' | 'info';
  role: 'alert' | 'note';
  /** The text region's accessible name (e.g. "Dat warnings"); default: its text. */
  label?: string;
  /** The text region's id, for a control it describes (the open error: "Dat path"). */
  id?: string;
  /** The banner's tooltip: what its text shortened, whole (a long path); never the text region's name. */
  title?: string;
  actions?: ReactNode;
  /** The close button: its accessible name and what it does. Absent: the banner cannot be closed. */
  dismiss?: { label: string; onDismiss: () => void };
  children: ReactNode;
}

export function Banner({ tone, role, label, id, title, actions, dismiss, children }: BannerProps): React.JSX.Element {
  return (
    <div className={`banner ${tone}`} title={title}>
      <div role={role} aria-label={label} id={id} className="banner-text">
        {children}
      </div>
      {actions}
      {dismiss && (
        <button
          type="button"
          className="banner-close"
          aria-label={dismiss.label}
          title="Dismiss"
          onClick={dismiss.onDismiss}
        >
          ×
        </button>
      )}
    </div>
  );
}
