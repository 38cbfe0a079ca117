// Every response is validated in full (issue 42): whatever makes validation cheaper, a typo'd
// field, a wrong type or a wrong literal still throws, and the default mode still logs it.
import { ResponseValidationError } from '@svc/api';
import { describe, expect, it, vi } from 'vitest';
import { clientWith, json, subscriber } from './helpers';

async function refused(promise: PromiseLike<unknown>): Promise<ResponseValidationError> {
  const error = await Promise.resolve(promise).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

describe('every response is validated, as strictly as its schema says', () => {
  it('a subscriber with a typo in a required field, a wrong type or a bad nested entry throws', async () => {
    const { subscriberId, ...rest } = subscriber;
    const bodies = [
      { ...rest, subscriberID: subscriberId },
      { ...subscriber, deleted: 'no' },
      { ...subscriber, firstName: 42 },
      { ...subscriber, data: ['not', 'a', 'record'] },
      {
        ...subscriber,
        channels: [{ providerId: 'slack', credentials: {}, _integrationId: 7 }],
      },
    ];
    for (const body of bodies) {
      const { svc } = clientWith([json({ data: body })], { validation: 'strict' });
      const error = await refused(svc.subscribers.retrieve('user-1'));
      expect(error.message).toMatch(/^Response of subscribers\.retrieve did not match/);
    }
  });

  it('a matching subscriber passes as received, unknown fields kept', async () => {
    const body = { ...subscriber, firstName: null, data: { plan: 'pro' }, addedLater: 1 };
    const { svc } = clientWith([json({ data: body })], { validation: 'strict' });
    await expect(svc.subscribers.retrieve('user-1')).resolves.toEqual(body);
  });

  it('a literal status must be that literal (messages.delete answers status: deleted)', async () => {
    for (const status of ['Deleted', 1, null]) {
      const { svc } = clientWith([json({ acknowledged: true, status })], { validation: 'strict' });
      const error = await refused(svc.messages.delete('6955b90000000000000000c1'));
      expect(error.issues?.map((issue) => issue.path)).toEqual(['status']);
    }
    const { svc } = clientWith([json({ acknowledged: true, status: 'deleted' })], {
      validation: 'strict',
    });
    await expect(svc.messages.delete('6955b90000000000000000c1')).resolves.toEqual({
      acknowledged: true,
      status: 'deleted',
    });
  });

  it('in the default warn mode a mismatch is still found and logged', async () => {
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { svc } = clientWith([json({ data: { ...subscriber, deleted: 'no' } })], { logger });
    await svc.subscribers.retrieve('user-1');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]?.[0])).toMatch(/deleted: expected boolean/);
  });
});
