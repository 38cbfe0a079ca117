import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { createIdGenerator } from '../../../mock-server/engine/store/ids';

describe('engine ids', () => {
  // Values of the concatenating implementation before ids were built from char codes (issue 8:
  // flat strings halve their memory); the same seed and calls must keep giving the same ids.
  it('gives the same ids for the same seed and clock as before', () => {
    const ids = createIdGenerator(7, () => Date.parse('2026-01-01T00:00:00Z'));
    expect([ids.objectId(), ids.objectId(), ids.uuid(), ids.shortId(), ids.shortId(4)]).toEqual([
      '6955b90002ff152c000000fe',
      '6955b90002ff152c000000ff',
      'fab28567-773d-4dba-8227-c384325e4b88',
      'I_FuC99IZ',
      'm4wZ',
    ]);
  });

  it('keeps ids sorted in creation order across seconds', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const ids = createIdGenerator(1, () => now);
    const made: string[] = [];
    for (let index = 0; index < 50; index++) {
      made.push(ids.objectId());
      now += 700;
    }
    expect([...made].sort()).toEqual(made);
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(ids.uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('reseeded, goes on exactly as a new generator of that seed', () => {
    const now = () => Date.parse('2026-01-01T00:00:00Z');
    const draw = (ids: ReturnType<typeof createIdGenerator>) => [
      ids.objectId(),
      ids.uuid(),
      ids.shortId(),
      ids.objectId(),
    ];
    const reseeded = createIdGenerator(1, now);
    const before = draw(reseeded);
    reseeded.reseed(2);
    const after = draw(reseeded);
    expect(after).toEqual(draw(createIdGenerator(2, now)));
    expect(after).not.toEqual(before);
  });
});

describe('engine ids across a restart', () => {
  // A data directory's restart (durability.load) reseeds: at the same clock second the engine
  // would otherwise make the ids it made before the restart again.
  it('a loaded engine draws other ids than the one it was saved from', () => {
    const clockStart = Date.parse('2026-01-01T00:00:00Z');
    const saved = createMockEngine({ deterministic: true, clockStart });
    const image = structuredClone(saved.durability.image());
    const create = (engine: typeof saved) => {
      const development = engine.scope('Development');
      engine.operations['topics.create'](development, { body: { key: 'news', name: 'News' } });
      return development.data.topics.get('news')?._id;
    };
    const restarted = createMockEngine({ deterministic: true, clockStart });
    restarted.durability.load(image);
    const first = create(saved);
    const second = create(restarted);
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
  });
});
