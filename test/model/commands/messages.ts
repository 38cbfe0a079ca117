// Message commands: mark as read/seen/unread/unseen, and delete.
import { NotFoundError } from '@svc/api';
import { expect } from 'vitest';
import { applyMarkAs, type EnvironmentLabel, type Model, type Real } from '../model';
import { type Command, engineMessages, failure } from './checks';

export class MarkAs implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberId: string,
    readonly picks: number[],
    readonly foreignPick: EnvironmentLabel | undefined,
    readonly markAs: 'read' | 'seen' | 'unread' | 'unseen',
  ) {}
  check = (model: Readonly<Model>) =>
    model[this.label].subscribers.has(this.subscriberId) && model[this.label].messages.length > 0;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const chosen = [
      ...new Set(
        this.picks.map((pick) => environment.messages[pick % environment.messages.length]),
      ),
    ];
    const ids = chosen.map((message) => message?.id ?? '');
    // An id of another environment's message must be ignored like an unknown one.
    const foreign = this.foreignPick ? model[this.foreignPick].messages[0]?.id : undefined;
    if (foreign && this.foreignPick !== this.label) ids.push(foreign);
    const result = await real.clients[this.label].subscribers.messages.markAs(this.subscriberId, {
      messageId: ids,
      markAs: this.markAs,
    });
    const own = chosen.filter((message) => message?.subscriberId === this.subscriberId);
    for (const message of own) if (message) applyMarkAs(message, this.markAs);
    const summary = (
      items: { _id?: string | undefined; id?: string; read: boolean; seen: boolean }[],
    ) =>
      items
        .map((item) => ({ id: item._id ?? item.id, read: item.read, seen: item.seen }))
        .sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(summary(result)).toEqual(summary(own.filter((m) => m !== undefined)));
  }
  toString = () =>
    `markAs(${this.label}, ${this.subscriberId}, [${this.picks}], foreign=${this.foreignPick}, ${this.markAs})`;
}

export class DeleteMessage implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly owner: EnvironmentLabel,
    readonly pick: number,
  ) {}
  check = (model: Readonly<Model>) => model[this.owner].messages.length > 0;
  async run(model: Model, real: Real) {
    const messages = model[this.owner].messages;
    const index = this.pick % messages.length;
    const message = messages[index];
    if (!message) throw new Error('no message picked');
    const call = real.clients[this.label].messages.delete(message.id);
    if (this.label !== this.owner) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      expect(await call).toEqual({ acknowledged: true, status: 'deleted' });
      messages.splice(index, 1);
    }
    const stored = engineMessages(real, model[this.owner]).messages.map((m) => m._id);
    expect(stored.sort()).toEqual(messages.map((m) => m.id).sort());
  }
  toString = () => `deleteMessage(as ${this.label}, of ${this.owner} #${this.pick})`;
}
