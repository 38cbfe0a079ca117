import { describe, expect, it } from 'vitest';
import { DETAILS } from '../../../mock-server/engine/run/detail-texts';
import {
  EXECUTION_DETAIL_SOURCES,
  EXECUTION_DETAIL_STATUSES,
} from '../../../src/schemas/notification';

describe('runtime: execution detail texts', () => {
  it('spells the service texts exactly', () => {
    expect(DETAILS.stepQueued.detail).toBe('Step queued');
    expect(DETAILS.messageCreated.detail).toBe('Message created');
    expect(DETAILS.messageSent.detail).toBe('Message sent');
    expect(DETAILS.noActiveIntegration.detail).toBe(
      'Subscriber does not have an active integration',
    );
    expect(DETAILS.pushMissingDeviceTokens.detail).toBe(
      'Subscriber credentials is missing the tokens for sending a push notification message',
    );
    expect(DETAILS.digestMerged.detail).toBe('Digest was merged with other digest');
    expect(DETAILS.stepSkippedByConditions.detail).toBe(
      'Step was skipped based on steps conditions',
    );
    expect(DETAILS.stepCanceledPreviousStepFailed.detail).toBe(
      'Step was canceled because a previous step failed',
    );
  });

  it('uses only statuses and sources of the wire schema, and no text twice', () => {
    const entries = Object.values(DETAILS);
    for (const entry of entries) {
      expect(EXECUTION_DETAIL_STATUSES).toContain(entry.status);
      expect(EXECUTION_DETAIL_SOURCES).toContain(entry.source);
    }
    expect(new Set(entries.map((entry) => entry.detail)).size).toBe(entries.length);
  });
});
