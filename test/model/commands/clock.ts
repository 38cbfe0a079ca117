// The clock command: advance the engine's clock.
import type { Model, Real } from '../model';
import type { Command } from './checks';

export class AdvanceClock implements Command {
  constructor(readonly milliseconds: number) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    real.engine.clock.advance(this.milliseconds);
  }
  toString = () => `advance(${this.milliseconds})`;
}
