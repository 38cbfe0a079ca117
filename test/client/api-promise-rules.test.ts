// What a call returns besides its data (src/core/api-promise.ts; the mutation run's survivors,
// docs/benchmarks.md "Mutation score"): `finally` on success and failure, and the promise's name.
import { APIPromise, NotFoundError } from '@svc/api';
import { describe, expect, it, vi } from 'vitest';
import { clientWith, json, subscriber } from './helpers';

describe('APIPromise', () => {
  it('runs finally after a success and keeps the data', async () => {
    const { svc } = clientWith(() => json({ data: subscriber }));
    const onFinally = vi.fn();
    await expect(svc.subscribers.retrieve('x').finally(onFinally)).resolves.toEqual(subscriber);
    expect(onFinally).toHaveBeenCalledTimes(1);
    expect(onFinally.mock.calls[0]).toEqual([]);
  });

  it('runs finally after a failure and keeps the error', async () => {
    const { svc } = clientWith(() => json({ message: 'gone' }, 404));
    const onFinally = vi.fn();
    const error = await svc.subscribers
      .retrieve('x')
      .finally(onFinally)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toBe('gone');
    expect(onFinally).toHaveBeenCalledTimes(1);
  });

  it('names itself APIPromise', () => {
    const { svc } = clientWith(() => json({ data: subscriber }));
    const pending = svc.subscribers.retrieve('x');
    expect(pending).toBeInstanceOf(APIPromise);
    expect(Object.prototype.toString.call(pending)).toBe('[object APIPromise]');
    return pending;
  });
});
