import { describe, expect, it } from 'vitest';
import { storeAttachments } from '../../../mock-server/engine/run/attachments';
import { serviceErrorOf } from '../helpers';

let folders = 0;
const storage = {
  organizationId: 'org1',
  environmentId: 'env1',
  folder: () => String(++folders).padStart(32, '0'),
};

const failure = (payload: Record<string, unknown>) =>
  serviceErrorOf(() => storeAttachments(payload as never, storage));

describe('runtime: payload.attachments at trigger time', () => {
  it('drops each file and adds its storage path, keeping the other fields and the payload', () => {
    folders = 0;
    const payload = {
      plan: 'pro',
      attachments: [
        { name: 'a.pdf', mime: 'application/pdf', file: 'aGk=', channels: ['email'] },
        { name: 'b.txt', file: [104, 105] },
        { file: { type: 'Buffer', data: [104] } },
      ],
    };
    expect(storeAttachments(payload, storage)).toEqual({
      plan: 'pro',
      attachments: [
        {
          name: 'a.pdf',
          mime: 'application/pdf',
          channels: ['email'],
          storagePath: `org1/env1/${'0'.repeat(31)}1/a.pdf`,
        },
        { name: 'b.txt', storagePath: `org1/env1/${'0'.repeat(31)}2/b.txt` },
        { storagePath: `org1/env1/${'0'.repeat(31)}3/undefined` },
      ],
    });
    // The given payload is not changed.
    expect(payload.attachments[0]).toHaveProperty('file', 'aGk=');
  });

  it('replaces a storagePath the caller gave', () => {
    folders = 0;
    const stored = storeAttachments(
      { attachments: [{ name: 'a', storagePath: 'elsewhere', file: '' }] },
      storage,
    );
    expect(stored['attachments']).toEqual([
      { name: 'a', storagePath: `org1/env1/${'0'.repeat(31)}1/a` },
    ]);
  });

  it('leaves a payload without an attachments array as it is', () => {
    const payload = { attachments: { name: 'a', file: 'aGk=' } };
    expect(storeAttachments(payload, storage)).toBe(payload);
    const empty = {};
    expect(storeAttachments(empty, storage)).toBe(empty);
  });

  it('answers 422 naming every attachment the service could not read', () => {
    const error = failure({
      attachments: [
        'a.pdf',
        { name: 'b' },
        { name: 'c', file: 5 },
        { name: { first: 'd' }, file: 'aGk=' },
        null,
        { name: 'ok', file: 'aGk=' },
      ],
    });
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation Error');
    expect(error.extra).toMatchObject({
      errors: {
        general: {
          messages: [
            'payload.attachments.0 must be an object',
            'payload.attachments.1.file must be a base64 string',
            'payload.attachments.2.file must be a base64 string',
            'payload.attachments.3.name must be a string',
            'payload.attachments.4 must be an object',
          ],
        },
      },
    });
  });
});
