// When retention walks an environment's notifications: past the cap by a tenth, every thousand
// new notifications for the age window, and, when the last pass could not get under the cap
// (unread or pending work it may not drop), only after another tenth of the cap in new
// notifications, so a stuck environment does not pay a walk per trigger.
import { describe, expect, it } from 'vitest';
import { isRetentionPassDue } from '../../../mock-server/engine/store/retention';

describe('isRetentionPassDue', () => {
  it('waits until the environment is a tenth past the cap', () => {
    expect(isRetentionPassDue(1_100, 1_000, 1, false)).toBe(false);
    expect(isRetentionPassDue(1_101, 1_000, 1, false)).toBe(true);
  });

  it('runs every thousand new notifications for the age window, whatever the count', () => {
    expect(isRetentionPassDue(10, 1_000, 999, false)).toBe(false);
    expect(isRetentionPassDue(10, 1_000, 1_000, false)).toBe(true);
  });

  it('after a pass that stayed past the cap, waits a tenth of the cap in new notifications', () => {
    expect(isRetentionPassDue(5_000, 1_000, 1, true)).toBe(false);
    expect(isRetentionPassDue(5_000, 1_000, 99, true)).toBe(false);
    expect(isRetentionPassDue(5_000, 1_000, 100, true)).toBe(true);
  });
});
