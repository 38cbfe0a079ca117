// storeAttachments (mock-server/engine/run/attachments.ts, docs/behaviour/events.md#attachments):
// which `file` values the service can read, and a `null` name, beyond attachments.test.ts.
import { describe, expect, it } from 'vitest';
import { storeAttachments } from '../../../mock-server/engine/run/attachments';

const storage = { organizationId: 'org1', environmentId: 'env1', folder: () => 'f'.repeat(32) };

function messagesOf(attachments: unknown[]): unknown {
  try {
    storeAttachments({ attachments } as never, storage);
  } catch (error) {
    return (error as { extra: { errors: { general: { messages: unknown } } } }).extra.errors.general
      .messages;
  }
  return 'stored';
}

describe('attachments: readable files and names', () => {
  it('an object file is readable only as a serialised Buffer with a data array', () => {
    expect(messagesOf([{ name: 'a', file: { type: 'Buffer', data: [1] } }])).toBe('stored');
    expect(messagesOf([{ name: 'a', file: { type: 'Blob', data: [1] } }])).toEqual([
      'payload.attachments.0.file must be a base64 string',
    ]);
    expect(messagesOf([{ name: 'a', file: { type: 'Buffer', data: 'AQ==' } }])).toEqual([
      'payload.attachments.0.file must be a base64 string',
    ]);
  });

  it('a null name is stored as the text null; an object name is refused', () => {
    expect(storeAttachments({ attachments: [{ name: null, file: 'aGk=' }] }, storage)).toEqual({
      attachments: [{ name: null, storagePath: `org1/env1/${'f'.repeat(32)}/null` }],
    });
    expect(messagesOf([{ name: ['a'], file: 'aGk=' }])).toEqual([
      'payload.attachments.0.name must be a string',
    ]);
  });
});
