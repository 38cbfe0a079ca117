// Topic commands: subscribe and unsubscribe subscribers to the seeded topic.
import { BadRequestError } from '@svc/api';
import { expect } from 'vitest';
import { type EnvironmentLabel, type Model, type Real, TOPIC } from '../model';
import { type Command, checkTopic, failure } from './checks';

export class Subscribe implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberIds: string[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].topics.subscriptions.create(TOPIC.key, {
      subscriptions: this.subscriberIds,
    });
    const known = this.subscriberIds.filter((id) => environment.subscribers.has(id));
    if (known.length === 0) {
      expect(await failure(call)).toBeInstanceOf(BadRequestError);
    } else {
      const result = await call;
      expect(result.meta.failed).toBe(this.subscriberIds.length - known.length);
      expect(result.meta.successful).toBe(new Set(known).size);
      for (const id of known) environment.topicMembers.add(id);
    }
    await checkTopic(model, real, this.label);
  }
  toString = () => `subscribe(${this.label}, ${JSON.stringify(this.subscriberIds)})`;
}

export class Unsubscribe implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberIds: string[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].topics.subscriptions.delete(TOPIC.key, {
      subscriptions: this.subscriberIds,
    });
    const removed = [
      ...new Set(this.subscriberIds.filter((id) => environment.topicMembers.has(id))),
    ];
    if (removed.length === 0) {
      expect(await failure(call)).toBeInstanceOf(BadRequestError);
    } else {
      const result = await call;
      expect(result.data.map((item) => item.subscriber?.subscriberId).sort()).toEqual(
        removed.sort(),
      );
      for (const id of removed) environment.topicMembers.delete(id);
    }
    await checkTopic(model, real, this.label);
  }
  toString = () => `unsubscribe(${this.label}, ${JSON.stringify(this.subscriberIds)})`;
}
