import { describe, expect, it } from 'vitest';
import { windowTitle } from './windowTitle';

describe('windowTitle: the open dat, then the app', () => {
  it('names the dat that is open by its path, the demo as such, none as the app alone', () => {
    expect(windowTitle({ path: '/games/ac/client_portal.dat', demo: false })).toBe(
      '/games/ac/client_portal.dat — AC Sound Browser',
    );
    expect(windowTitle({ path: '/opt/acsound/assets/demo_portal.dat', demo: true })).toBe(
      'Demo dat — AC Sound Browser',
    );
    expect(windowTitle(null)).toBe('AC Sound Browser');
  });
});
