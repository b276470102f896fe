/** Small transient UI state: the About box, the drop hint. */
import { create } from 'zustand';

export interface UiState {
  aboutOpen: boolean;
  /** A message about the last drag-and-drop (browser hosts cannot see a dropped file's folder). */
  dropHint: string | null;
}

export const useUi = create<UiState>()(() => ({ aboutOpen: false, dropHint: null }));

export function openAbout(): void {
  useUi.setState({ aboutOpen: true });
}

export function closeAbout(): void {
  useUi.setState({ aboutOpen: false });
}

export function setDropHint(dropHint: string | null): void {
  useUi.setState({ dropHint });
}
