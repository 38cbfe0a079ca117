// The idempotency keys' UUID v4 (src/core/uuid.ts): crypto.randomUUID where there is one, and the
// getRandomValues fallback of plain-http browser pages, with the version and variant bits set.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuidV4 } from '../../src/core/uuid';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uuidV4', () => {
  it('uses crypto.randomUUID where there is one', () => {
    const randomUUID = vi.fn(() => '3b241101-e2bb-4255-8caf-4136c566a962');
    vi.stubGlobal('crypto', { randomUUID, getRandomValues: () => new Uint8Array(16) });
    expect(uuidV4()).toBe('3b241101-e2bb-4255-8caf-4136c566a962');
    expect(randomUUID).toHaveBeenCalledOnce();
  });

  it('builds a v4 UUID from getRandomValues without randomUUID (plain-http pages)', () => {
    const fill = (bytes: Uint8Array) => bytes.fill(0xff);
    vi.stubGlobal('crypto', { getRandomValues: fill });
    expect(uuidV4()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0) });
    expect(uuidV4()).toBe('00000000-0000-4000-8000-000000000000');
    const counting = (bytes: Uint8Array) => bytes.map((_, index) => index * 17);
    vi.stubGlobal('crypto', { getRandomValues: counting });
    const id = uuidV4();
    expect(id).toMatch(UUID_V4);
    expect(id).toBe('00112233-4455-4677-8899-aabbccddeeff');
  });
});
