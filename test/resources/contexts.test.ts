// svc.contexts.* (docs/behaviour/contexts.md) through the real client against the engine, strict
// validation: every answer parses with the client's schemas.
import { ConflictError, NotFoundError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock();

describe('svc.contexts', () => {
  it('create, retrieve, update and delete a context', async () => {
    const svc = client();
    const created = await svc.contexts.create({
      type: 'tenant',
      id: 'acme',
      data: { plan: 'pro' },
    });
    expect(created).toMatchObject({ type: 'tenant', id: 'acme', data: { plan: 'pro' } });
    expect(await svc.contexts.retrieve('tenant', 'acme')).toEqual(created);
    const updated = await svc.contexts.update('tenant', 'acme', { data: { seats: 5 } });
    expect(updated.data).toEqual({ seats: 5 });
    expect(await svc.contexts.delete('tenant', 'acme')).toBeUndefined();
    expect(await rejection(svc.contexts.retrieve('tenant', 'acme'))).toBeInstanceOf(NotFoundError);
    expect(await rejection(svc.contexts.delete('tenant', 'acme'))).toBeInstanceOf(NotFoundError);
  });

  it('a second create of the same type and id is a ConflictError', async () => {
    const svc = client();
    await svc.contexts.create({ type: 'tenant', id: 'acme' });
    const error = await rejection(svc.contexts.create({ type: 'tenant', id: 'acme' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toContain(
      "Context with type 'tenant' and id 'acme' already exists",
    );
  });

  it('checks the parts before sending, so nothing is stored', async () => {
    const svc = client();
    expect(await rejection(svc.contexts.create({ type: 'bad type', id: 'acme' }))).toBeInstanceOf(
      SvcValidationError,
    );
    expect(await rejection(svc.contexts.create({ type: 'tenant', id: '' }))).toBeInstanceOf(
      SvcValidationError,
    );
    expect(engine.scope('Development').data.contexts.size).toBe(0);
  });

  it('list walks every page with for await, newest first', async () => {
    const svc = client();
    for (let index = 0; index < 7; index += 1) {
      await svc.contexts.create({ type: 'tenant', id: `t-${index}` });
      engine.clock.advance(1000);
    }
    const seen: string[] = [];
    for await (const context of svc.contexts.list({ limit: 3 })) seen.push(context.id);
    expect(seen).toEqual(['t-6', 't-5', 't-4', 't-3', 't-2', 't-1', 't-0']);
    const page = await svc.contexts.list({ search: 'T-1' });
    expect(page.data.map((context) => context.id)).toEqual(['t-1']);
  });

  it("another environment's contexts are not found", async () => {
    await client().contexts.create({ type: 'tenant', id: 'acme' });
    expect(
      await rejection(client('Production').contexts.retrieve('tenant', 'acme')),
    ).toBeInstanceOf(NotFoundError);
  });
});
