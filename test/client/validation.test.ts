// Request validation before sending, and the three response validation modes.
import { ResponseValidationError, SvcValidationError } from '@svc/api';
import { describe, expect, it, vi } from 'vitest';
import { clientWith, json, subscriber } from './helpers';

const noCall = () => {
  throw new Error('nothing should be sent');
};

async function rejection(promise: PromiseLike<unknown>): Promise<SvcValidationError> {
  const error = await Promise.resolve(promise).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SvcValidationError);
  return error as SvcValidationError;
}

describe('unknown request keys (closed request schemas; nothing is sent)', () => {
  type TriggerBody = Parameters<ReturnType<typeof clientWith>['svc']['events']['trigger']>[0];

  it('rejects a mistyped trigger field, naming it and the field it is close to', async () => {
    const { svc, requests } = clientWith(noCall);
    const body = { name: 'welcome', to: 'user-1', payLoad: { plan: 'pro' } };
    const error = await rejection(svc.events.trigger(body as unknown as TriggerBody));
    expect(error.message).toBe(
      'Invalid input for events.trigger: payLoad: is not a field of this request (did you mean "payload"?)',
    );
    expect(error.issues).toEqual([
      { path: 'payLoad', message: 'is not a field of this request (did you mean "payload"?)' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('rejects unknown keys in an update body and a search query, and names a key with no close match alone', async () => {
    const { svc, requests } = clientWith(noCall);
    const update = await rejection(
      svc.subscribers.update('user-1', { firstname: 'Ada', shoeSize: 42 } as never),
    );
    expect(update.issues).toEqual([
      { path: 'firstname', message: 'is not a field of this request (did you mean "firstName"?)' },
      { path: 'shoeSize', message: 'is not a field of this request' },
    ]);
    const search = await rejection(svc.subscribers.search({ emial: '@acme.com' } as never));
    expect(search.message).toBe(
      'Invalid input for subscribers.search: emial: is not a field of this request (did you mean "email"?)',
    );
    expect(requests).toHaveLength(0);
  });

  it('finds unknown keys inside nested objects, arrays and the matching union member', async () => {
    const { svc, requests } = clientWith(noCall);
    const body = {
      name: 'welcome',
      to: [
        'user-2',
        { type: 'Topic', topicKey: 'news', exclude: ['user-3'] },
        { subscriberId: 'user-1', emial: 'ada@example.com' },
      ],
      actor: { subscriberId: 'user-4', data: { anyKey: 'fine' } },
      payload: { anyKey: { isFine: true } },
    };
    const error = await rejection(svc.events.trigger(body as unknown as TriggerBody));
    expect(error.issues).toEqual([
      { path: 'to.2.emial', message: 'is not a field of this request (did you mean "email"?)' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('names a typo in a recipient that only passes the service check that `to` is given, alone or in the array form', async () => {
    const { svc, requests } = clientWith(noCall);
    const single = { name: 'welcome', to: { subscriberID: 'user-1' } };
    const error = await rejection(svc.events.trigger(single as unknown as TriggerBody));
    expect(error.message).toBe(
      'Invalid input for events.trigger: to.subscriberID: is not a field of this request (did you mean "subscriberId"?)',
    );
    const list = { name: 'welcome', to: ['user-2', { subscriberID: 'user-1', emial: 'a@b.co' }] };
    const inList = await rejection(svc.events.trigger(list as unknown as TriggerBody));
    expect(inList.issues).toEqual([
      {
        path: 'to.1.subscriberID',
        message: 'is not a field of this request (did you mean "subscriberId"?)',
      },
      { path: 'to.1.emial', message: 'is not a field of this request (did you mean "email"?)' },
    ]);
    const actor = {
      name: 'welcome',
      to: 'user-1',
      actor: { subscriberId: 'user-4', emial: 'a@b.co' },
    };
    expect((await rejection(svc.events.trigger(actor as unknown as TriggerBody))).issues).toEqual([
      { path: 'actor.emial', message: 'is not a field of this request (did you mean "email"?)' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('sends unknown keys as given with the per-call or the client option', async () => {
    const accepted = () => json({ data: { acknowledged: true, status: 'processed' } }, 201);
    const body = { name: 'welcome', to: 'user-1', bridgeUrl: 'https://bridge.test' };
    const perCall = clientWith(accepted);
    await perCall.svc.events.trigger(body as TriggerBody, { allowUnknownKeys: true });
    expect(perCall.requests[0]?.body).toEqual(body);

    const client = clientWith(accepted, { allowUnknownKeys: true });
    await client.svc.events.trigger(body as TriggerBody);
    expect(client.requests[0]?.body).toEqual(body);
    // The per-call option wins over the client's.
    await expect(
      client.svc.events.trigger(body as TriggerBody, { allowUnknownKeys: false }),
    ).rejects.toBeInstanceOf(SvcValidationError);
    expect(client.requests).toHaveLength(1);
  });
});

describe('request validation (nothing is sent)', () => {
  it('names the field of a bad markAs value', async () => {
    const { svc, requests } = clientWith(noCall);
    const error = await rejection(
      svc.subscribers.messages.markAs('user-1', {
        messageId: 'm1',
        markAs: 'foo' as 'read',
      }),
    );
    expect(error.message).toBe(
      'Invalid input for subscribers.messages.markAs: markAs: expected one of "read" | "seen" | "unread" | "unseen", received "foo"',
    );
    expect(error.issues).toEqual([{ path: 'markAs', message: expect.stringContaining('"foo"') }]);
    expect(requests).toHaveLength(0);
  });

  it('rejects a trigger without name or to, naming both', async () => {
    const { svc, requests } = clientWith(noCall);
    const error = await rejection(
      svc.events.trigger({ payload: {} } as unknown as Parameters<typeof svc.events.trigger>[0]),
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['name', 'to']);
    expect(error.message).toContain('name: is required (string)');
    expect(error.message).toContain('to: is required');
    expect(requests).toHaveLength(0);
  });

  it('rejects a subscriptions limit above 100', async () => {
    const { svc, requests } = clientWith(noCall);
    const error = await rejection(svc.subscribers.subscriptions.list('user-1', { limit: 101 }));
    expect(error.message).toContain('limit: must be at most 100 (received 101)');
    expect(requests).toHaveLength(0);
  });

  it('rejects an empty path parameter by name', async () => {
    const { svc, requests } = clientWith(noCall);
    const error = await rejection(svc.subscribers.retrieve(''));
    expect(error.issues).toEqual([{ path: 'subscriberId', message: expect.any(String) }]);
    expect(requests).toHaveLength(0);
  });

  it('rejects a path parameter that is not a string, by name, before sending', async () => {
    const { svc, requests } = clientWith(noCall);
    for (const [value, message] of [
      [42, 'expected string, received number'],
      [undefined, 'is required (string)'],
      [null, 'expected string, received null'],
    ] as const) {
      const error = await rejection(svc.subscribers.retrieve(value as unknown as string));
      expect(error.issues).toEqual([{ path: 'subscriberId', message }]);
    }
    expect(requests).toHaveLength(0);
  });

  it('rejects wrong types with what was received', async () => {
    const { svc } = clientWith(noCall);
    const error = await rejection(
      svc.workflows.list({ limit: '10' as unknown as number, status: ['DRAFT' as 'ACTIVE'] }),
    );
    expect(error.message).toContain('limit: expected number, received string');
    expect(error.message).toContain('status.0: expected one of "ACTIVE" | "INACTIVE" | "ERROR"');
  });

  it('reports the rejection through the promise, never synchronously', () => {
    const { svc } = clientWith(noCall);
    const pending = svc.subscribers.retrieve('');
    expect(pending).toBeInstanceOf(Object);
    return expect(pending).rejects.toBeInstanceOf(SvcValidationError);
  });
});

describe('response validation modes', () => {
  const broken = { ...subscriber, deleted: 'no' };

  it('warn (default): logs one warning per operation and returns the data as received', async () => {
    const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const { svc } = clientWith(() => json({ data: broken }), { logger });
    await expect(svc.subscribers.retrieve('x')).resolves.toEqual(broken);
    await expect(svc.subscribers.retrieve('x')).resolves.toEqual(broken);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toContain('subscribers.retrieve');
    expect(logger.warn.mock.calls[0]?.[0]).toContain('deleted: expected boolean, received string');
  });

  it('strict: throws ResponseValidationError with the raw body', async () => {
    const { svc } = clientWith(() => json({ data: broken }), { validation: 'strict' });
    const error = await svc.subscribers.retrieve('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).rawBody).toEqual(broken);
    expect((error as ResponseValidationError).issues[0]?.path).toBe('deleted');
  });

  it('off: returns the body without checking or logging', async () => {
    const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const { svc } = clientWith(() => json({ data: broken }), { validation: 'off', logger });
    await expect(svc.subscribers.retrieve('x')).resolves.toEqual(broken);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('an accepted trigger with a new status value and extra fields never throws, even strict', async () => {
    const body = {
      data: {
        acknowledged: true,
        status: 'queued_for_later',
        transactionId: 't',
        activityFeedLink: 'https://x',
        brandNew: { nested: true },
      },
    };
    const { svc } = clientWith(() => json(body, 201), { validation: 'strict' });
    await expect(svc.events.trigger({ name: 'w', to: 'u' })).resolves.toEqual(body.data);
  });
});

describe('response checks see every field at any depth, and pass unknown ones through', () => {
  const channel = {
    providerId: 'slack',
    _integrationId: 'i-1',
    credentials: { webhookUrl: 'https://hooks.slack.com/x', futureField: 1 },
    addedLater: [1, 2],
  };

  it('returns extra fields at any depth untouched, even strict', async () => {
    const body = { ...subscriber, channels: [channel], newTopLevel: { a: 1 } };
    const { svc } = clientWith(() => json({ data: body }), { validation: 'strict' });
    const received = await svc.subscribers.retrieve('x');
    expect(received).toEqual(body);
    expect(received.channels?.[0]?.credentials).toHaveProperty('futureField', 1);
  });

  it('still finds a wrong type inside a nested array of objects, by its path', async () => {
    const body = {
      ...subscriber,
      channels: [{ ...channel, credentials: { ...channel.credentials, deviceTokens: 'one' } }],
    };
    const { svc } = clientWith(() => json({ data: body }), { validation: 'strict' });
    const error = (await svc.subscribers.retrieve('x').catch((e: unknown) => e)) as {
      issues: { path: string; message: string }[];
    };
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([
      {
        path: 'channels.0.credentials.deviceTokens',
        message: 'expected array, received string',
      },
    ]);
  });
});

describe('options are checked at construction', () => {
  it('throws a clear error for a missing key or bad options', () => {
    expect(() => clientWith(noCall, { secretKey: '' })).toThrow(/secretKey/);
    expect(() => clientWith(noCall, { secretKey: undefined as unknown as string })).toThrow(
      /secretKey/,
    );
    expect(() => clientWith(noCall, { region: 'mars' as 'us' })).toThrow(/region/);
    expect(() => clientWith(noCall, { maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => clientWith(noCall, { timeout: 0 })).toThrow(/timeout/);
    expect(() => clientWith(noCall, { validation: 'loud' as 'warn' })).toThrow(/validation/);
    expect(() => clientWith(noCall, { logLevel: 'trace' as 'debug' })).toThrow(/logLevel/);
  });
});
