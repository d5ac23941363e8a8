import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Stands in for window.location in every test of the file, so that a redirect out of the app (to
 * checkout, to a platform's consent page) is recorded, not followed. Returns the recorded assign.
 */
export function stubLocationAssign() {
  const assign = vi.fn();
  beforeEach(() => {
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());
  return assign;
}
