// Integration commands: create, and set primary (across environments and organizations).
import { BadRequestError, NotFoundError } from '@svc/api';
import { expect } from 'vitest';
import { type EnvironmentLabel, type Model, PRIMARY_CHANNELS, type Real } from '../model';
import { type Command, checkIntegrations, failure } from './checks';

const PROVIDERS: Record<string, string> = {
  email: 'sendgrid',
  sms: 'twilio',
  chat: 'slack',
  push: 'expo',
};

export class CreateIntegration implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly channel: 'email' | 'sms' | 'chat' | 'push',
    readonly active: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const created = await real.clients[this.label].integrations.create({
      providerId: PROVIDERS[this.channel] ?? 'sendgrid',
      channel: this.channel,
      active: this.active,
    });
    const hasPrimary = environment.integrations.some(
      (i) => i.channel === this.channel && i.active && i.primary,
    );
    const primary =
      this.active && (PRIMARY_CHANNELS as readonly string[]).includes(this.channel) && !hasPrimary;
    expect(created).toMatchObject({ active: this.active, primary, _environmentId: environment.id });
    environment.integrations.push({
      id: created._id ?? '',
      channel: this.channel,
      active: this.active,
      primary,
    });
    await checkIntegrations(model, real, this.label);
  }
  toString = () => `create(${this.label}, ${this.channel}, active=${this.active})`;
}

export class SetPrimary implements Command {
  constructor(
    readonly caller: EnvironmentLabel,
    readonly owner: EnvironmentLabel,
    readonly pick: number,
  ) {}
  check = (model: Readonly<Model>) => model[this.owner].integrations.length > 0;
  async run(model: Model, real: Real) {
    const environment = model[this.owner];
    const target = environment.integrations[this.pick % environment.integrations.length];
    if (!target) throw new Error('no integration picked');
    const call = real.clients[this.caller].integrations.setPrimary(target.id);
    if (model[this.caller].organization !== environment.organization) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
      return;
    }
    if (!(PRIMARY_CHANNELS as readonly string[]).includes(target.channel)) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.message).toBe(`Channel ${target.channel} does not support primary`);
      return;
    }
    const result = await call;
    if (!target.primary) {
      for (const other of environment.integrations) {
        if (other.channel === target.channel && other.active && other.primary)
          other.primary = false;
      }
      Object.assign(target, { active: true, primary: true });
    }
    expect(result).toMatchObject({ _id: target.id, primary: true, active: target.active });
    await checkIntegrations(model, real, this.owner);
  }
  toString = () => `setPrimary(as ${this.caller}, of ${this.owner} #${this.pick})`;
}
