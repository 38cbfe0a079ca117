// A journal record whose checksums hold but whose rows are not the engine's (a hand edit, another
// program, a bug) is refused at start naming the file and the row (store/row-apply.ts), never
// put back to fail later; --data-repair cuts it like a damaged record.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { RowChange } from '../../mock-server/engine/store/row-changes';
import { frameRecord } from '../../mock-server/persistence/file-format';
import { keptDirectoryPerTest, START } from './helpers';

const kept = keptDirectoryPerTest();
const { start, stop } = kept;

/**
 * Starts, creates a subscriber, stops, then appends a record of `changes` (given the development
 * environment's id) to the journal: its file and the record's byte offset.
 */
async function journalEndingWith(changes: (environment: string) => RowChange[]) {
  const server = await start();
  expect((await server.call('POST', '/v2/subscribers', { subscriberId: 'kept' })).status).toBe(201);
  const environment = server.engine.environment('Development')._id;
  await stop(server);
  const name = readdirSync(kept.path).find((file) => file.startsWith('journal-')) as string;
  const file = join(kept.path, name);
  const offset = readFileSync(file).length;
  appendFileSync(
    file,
    frameRecord(serialize({ kind: 'operation', at: START, changes: changes(environment) })),
  );
  return { file, offset };
}

describe('a journal record with a row that is not its table’s', () => {
  it.each([
    [
      'a subscription without its subscriber',
      (environment: string): RowChange[] => [
        {
          table: 'subscriptions',
          environment,
          key: 'ffffffffffffffffffffff01',
          row: { _id: 'ffffffffffffffffffffff01', _topicId: 't', identifier: 'i' },
        },
      ],
      'the row of subscriptions in environment ENV stored as ffffffffffffffffffffff01 is not a subscription: it has no string _subscriberId',
    ],
    [
      'a scheduled task with no time',
      (): RowChange[] => [
        {
          table: 'scheduled',
          key: 3,
          row: {
            seq: 3,
            kind: 'resume-delay',
            environmentId: 'e',
            notificationId: 'n',
            jobIndex: 0,
          },
        },
      ],
      'the row of scheduled stored as 3 is not a scheduled task',
    ],
    [
      'a transaction id that is not a string',
      (environment: string): RowChange[] => [{ table: 'transactionIds', environment, key: 42 }],
      'the row of transactionIds in environment ENV stored as 42 is stored under a key that is not a string',
    ],
    [
      "an environment's data without its collections",
      (): RowChange[] => [
        { table: 'data', key: 'ffffffffffffffffffffff02', row: { subscribers: [] } },
      ],
      "the row of data stored as ffffffffffffffffffffff02 is not an environment's data",
    ],
  ])(
    '(%s) refuses the start, naming the file, the record and the row',
    async (_case, changes, problem) => {
      let environment = '';
      const { file, offset } = await journalEndingWith((id) => {
        environment = id;
        return changes(id);
      });
      const refusal = start();
      await expect(refusal).rejects.toThrow(
        `${file} at byte ${offset}: the record cannot be played back: ${problem.replace('ENV', environment)}`,
      );
      // The records before it are good: a repair cuts this one and keeps them.
      const repaired = await start({ repair: true });
      expect((await repaired.call('GET', '/v2/subscribers/kept')).status).toBe(200);
    },
  );
});
