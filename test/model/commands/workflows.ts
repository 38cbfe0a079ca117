// Workflow commands: sync to another environment, create, update, patch `active`, delete.
import { BadRequestError, NotFoundError } from '@svc/api';
import { expect } from 'vitest';
import type { EnvironmentLabel, Model, ModelWorkflow, Real } from '../model';
import { type Command, checkWorkflows, failure } from './checks';

export class SyncWorkflow implements Command {
  constructor(
    readonly source: EnvironmentLabel,
    readonly target: EnvironmentLabel,
    readonly workflowId: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const from = model[this.source];
    const to = model[this.target];
    const call = real.clients[this.source].workflows.sync(this.workflowId, {
      targetEnvironmentId: to.id,
    });
    if (this.source === this.target) {
      expect(await failure(call)).toBeInstanceOf(BadRequestError);
      return;
    }
    const workflow = from.workflows.get(this.workflowId);
    if (from.organization !== to.organization || !workflow) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
      return;
    }
    const synced = await call;
    expect(synced).toMatchObject({ workflowId: this.workflowId, active: workflow.active });
    to.workflows.set(this.workflowId, { ...workflow });
    await checkWorkflows(model, real, this.target);
  }
  toString = () => `sync(${this.workflowId}, ${this.source} -> ${this.target})`;
}

function stepOf(channel: ModelWorkflow['channel']) {
  return channel === 'email'
    ? { name: 'Mail', type: 'email' as const, controlValues: { subject: 'Hi', body: 'Hello' } }
    : { name: 'Inbox', type: 'in_app' as const, controlValues: { body: 'Hello' } };
}

export class CreateWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
    readonly channel: ModelWorkflow['channel'],
    readonly active: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].workflows.create({
      name: this.workflowId,
      workflowId: this.workflowId,
      active: this.active,
      steps: [stepOf(this.channel)],
    });
    const created = await call;
    // An id in use gets a short suffix, as the service's create does (docs/behaviour/workflows.md).
    const workflowId = environment.workflows.has(this.workflowId)
      ? created.workflowId
      : this.workflowId;
    if (workflowId !== this.workflowId)
      expect(workflowId.startsWith(`${this.workflowId}-`)).toBe(true);
    expect(created).toMatchObject({ workflowId, active: this.active });
    environment.workflows.set(workflowId, { channel: this.channel, active: this.active });
    await checkWorkflows(model, real, this.label);
  }
  toString = () =>
    `createWorkflow(${this.label}, ${this.workflowId}, ${this.channel}, active=${this.active})`;
}

export class UpdateWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
    readonly channel: ModelWorkflow['channel'],
    readonly active: boolean | undefined,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].workflows.update(this.workflowId, {
      name: this.workflowId,
      origin: 'svc-cloud',
      preferences: {},
      steps: [stepOf(this.channel)],
      ...(this.active === undefined ? {} : { active: this.active }),
    });
    if (!environment.workflows.has(this.workflowId)) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      const updated = await call;
      // An omitted `active` means true (docs/behaviour/workflows.md#update).
      const active = this.active ?? true;
      expect(updated.steps.map((step) => step.type)).toEqual([this.channel]);
      expect(updated.active).toBe(active);
      environment.workflows.set(this.workflowId, { channel: this.channel, active });
    }
    await checkWorkflows(model, real, this.label);
  }
  toString = () =>
    `updateWorkflow(${this.label}, ${this.workflowId}, ${this.channel}, active=${this.active})`;
}

export class PatchWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
    readonly active: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const workflow = model[this.label].workflows.get(this.workflowId);
    const call = real.clients[this.label].workflows.patch(this.workflowId, {
      active: this.active,
    });
    if (!workflow) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      expect((await call).active).toBe(this.active);
      workflow.active = this.active;
    }
    await checkWorkflows(model, real, this.label);
  }
  toString = () => `patchWorkflow(${this.label}, ${this.workflowId}, active=${this.active})`;
}

export class DeleteWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].workflows.delete(this.workflowId);
    if (!environment.workflows.has(this.workflowId)) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      await call;
      environment.workflows.delete(this.workflowId);
    }
    await checkWorkflows(model, real, this.label);
  }
  toString = () => `deleteWorkflow(${this.label}, ${this.workflowId})`;
}
