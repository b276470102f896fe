/** The renderer's door of the one settings parser (core/engine/settings.ts). */
import { parseSettings, type EngineSettings } from '../../../core/engine';

/**
 * The Listener settings an as-heard export sends, checked by the one settings parser
 * (core/engine/settings.ts `parseSettings`, as the service and the CLI check them): a plain copy
 * of the store's state.
 * @throws SettingsError (`distance: 500 is above 200`) for a value the panel should never hold
 */
export function asHeardSettings(listener: EngineSettings): EngineSettings {
  return parseSettings(listener);
}
