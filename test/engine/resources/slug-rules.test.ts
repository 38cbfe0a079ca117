// Workflow and step slugs, engine-direct (mock-server/engine/resources/slug.ts,
// docs/behaviour/workflows.md#list and #retrieve): base62 both ways, slugify, buildSlug and how
// the path parameter is read (ObjectId, identifier or slug).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import {
  buildSlug,
  decodeBase62,
  encodeBase62,
  parseSlugId,
  slugify,
  slugifyStrict,
} from '../../../mock-server/engine/resources/slug';

describe('encodeBase62', () => {
  it('writes the ObjectId in 0-9A-Za-z digits, most significant first', () => {
    expect(encodeBase62('6955b900a087eaf300000014')).toBe('gOcXEPFBdBkBIFwi');
    expect(encodeBase62('0123456789abcdefabcdef09')).toBe('0SONE5v7pP1aydUf');
  });

  it('left-pads a small value with zeros to 16 characters', () => {
    expect(encodeBase62('000000000000000000000001')).toBe('0000000000000001');
    expect(encodeBase62('00000000000000000000003e')).toBe('0000000000000010');
    expect(encodeBase62('000000000000000000000000')).toBe('0000000000000000');
  });

  it('goes past 16 characters for values of 62^16 and more', () => {
    expect(encodeBase62('ffffffffffffffffffffffff')).toBe('1f2SI9UJPXvb7vdJ1');
  });
});

describe('decodeBase62', () => {
  it('reads base62 text back to the 24-hex ObjectId, zero-padded', () => {
    expect(decodeBase62('gOcXEPFBdBkBIFwi')).toBe('6955b900a087eaf300000014');
    expect(decodeBase62('09AZaz0000000000')).toBe('005e137cccb7ecd35dbe0400');
    expect(decodeBase62('0000000000000010')).toBe('00000000000000000000003e');
    expect(decodeBase62('1')).toBe('000000000000000000000001');
  });

  it('answers undefined for a character outside the alphabet', () => {
    expect(decodeBase62('abc-')).toBeUndefined();
    expect(decodeBase62('-abc')).toBeUndefined();
    expect(decodeBase62('0000_00000000000')).toBeUndefined();
  });

  it('answers undefined from 2^96 up, and the value just below it', () => {
    expect(decodeBase62('1f2SI9UJPXvb7vdJ1')).toBe('ffffffffffffffffffffffff');
    expect(decodeBase62('1f2SI9UJPXvb7vdJ2')).toBeUndefined();
    expect(decodeBase62('zzzzzzzzzzzzzzzzz')).toBeUndefined();
  });
});

describe('slugify', () => {
  it('lower-cases and turns each run of other characters into one dash', () => {
    expect(slugify('Welcome Email!')).toBe('welcome-email');
    expect(slugify('a  --  b')).toBe('a-b');
    expect(slugify('FULL')).toBe('full');
    expect(slugify('Step 2 of 10')).toBe('step-2-of-10');
  });

  it('keeps every letter a-z and digit 0-9', () => {
    expect(slugify('az 09 za 90')).toBe('az-09-za-90');
    expect(slugify('abcdefghijklmnopqrstuvwxyz0123456789')).toBe(
      'abcdefghijklmnopqrstuvwxyz0123456789',
    );
  });

  it('trims the dashes at both ends', () => {
    expect(slugify('--Hello--')).toBe('hello');
    expect(slugify('  Hi there  ')).toBe('hi-there');
    expect(slugify('!!!')).toBe('');
  });

  it('drops accents (the combining marks U+0300 to U+036F)', () => {
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('a\u0300b\u0301c')).toBe('abc');
  });

  it("slugs as the service's slugify: camel case split, symbols spelled, contractions joined", () => {
    expect(slugify('sendInAppMessage')).toBe('send-in-app-message');
    expect(slugify('APIKey rotated')).toBe('api-key-rotated');
    expect(slugify('Tom & Jerry')).toBe('tom-and-jerry');
    expect(slugify("Don't forget")).toBe('dont-forget');
    expect(slugify('Straße Ωmega')).toBe('strasse-wmega');
    expect(slugify('Привет мир')).toBe('privet-mir');
    expect(slugify('Test テスト')).toBe('test');
    expect(slugify('5€ off')).toBe('5-euro-off');
  });
});

describe('slugifyStrict', () => {
  it('keeps the integration identifiers as they were: no camel-case split', () => {
    expect(slugifyStrict('SendGrid')).toBe('sendgrid');
    expect(slugifyStrict('Custom SMTP')).toBe('custom-smtp');
    expect(slugifyStrict('Café')).toBe('cafe');
  });
});

describe('buildSlug', () => {
  it('joins slugify(name), _wf_ and the base62 id for a workflow', () => {
    expect(buildSlug('Hello World', 'workflow', '6955b900a087eaf300000014')).toBe(
      'hello-world_wf_gOcXEPFBdBkBIFwi',
    );
  });

  it('uses _st_ for a step', () => {
    expect(buildSlug('Send Mail', 'step', '000000000000000000000001')).toBe(
      'send-mail_st_0000000000000001',
    );
  });
});

describe('parseSlugId', () => {
  it('reads 24 hex characters (either case) as an ObjectId, lower-cased', () => {
    expect(parseSlugId('0123456789abcdefABCDEF09')).toStrictEqual({
      objectId: '0123456789abcdefabcdef09',
    });
    expect(parseSlugId('FFFFFFFFFFFFFFFFFFFFFFFF')).toStrictEqual({
      objectId: 'ffffffffffffffffffffffff',
    });
  });

  it('reads 23 or 25 hex characters, or 24 with a non-hex one, as an identifier', () => {
    expect(parseSlugId('0123456789abcdefabcdef0')).toStrictEqual({
      identifier: '0123456789abcdefabcdef0',
    });
    expect(parseSlugId('0123456789abcdefabcdef091')).toStrictEqual({
      identifier: '0123456789abcdefabcdef091',
    });
    expect(parseSlugId('x0123456789abcdefabcdef09')).toStrictEqual({
      identifier: 'x0123456789abcdefabcdef09',
    });
    expect(parseSlugId('0123456789abcdefabcdef09x')).toStrictEqual({
      identifier: '0123456789abcdefabcdef09x',
    });
    expect(parseSlugId('0123456789abcdefabcdef0g')).toStrictEqual({
      identifier: '0123456789abcdefabcdef0g',
    });
  });

  it('reads a short string as an identifier', () => {
    expect(parseSlugId('welcome')).toStrictEqual({ identifier: 'welcome' });
    expect(parseSlugId('')).toStrictEqual({ identifier: '' });
  });

  it('reads a workflow or step slug as the ObjectId its last 16 characters encode', () => {
    expect(parseSlugId('hello-world_wf_gOcXEPFBdBkBIFwi')).toStrictEqual({
      objectId: '6955b900a087eaf300000014',
    });
    expect(parseSlugId('x_st_09AZaz0000000000')).toStrictEqual({
      objectId: '005e137cccb7ecd35dbe0400',
    });
    expect(parseSlugId('_wf_0000000000000001')).toStrictEqual({
      objectId: '000000000000000000000001',
    });
    expect(parseSlugId('a_wf_zzzzzzzzzzzzzzzz')).toStrictEqual({
      objectId: '9a09afbae83050a9de00ffff',
    });
    expect(parseSlugId('a_wf_AAAAAAAAAAAAAAAA')).toStrictEqual({
      objectId: decodeBase62('AAAAAAAAAAAAAAAA'),
    });
    expect(parseSlugId('a_wf_ZZZZZZZZZZZZZZZZ')).toStrictEqual({
      objectId: decodeBase62('ZZZZZZZZZZZZZZZZ'),
    });
    expect(parseSlugId('a_wf_aaaaaaaaaaaaaaaa')).toStrictEqual({
      objectId: decodeBase62('aaaaaaaaaaaaaaaa'),
    });
    expect(parseSlugId('a_wf_9999999999999999')).toStrictEqual({
      objectId: decodeBase62('9999999999999999'),
    });
  });

  it('reads a long string without the _wf_/_st_ marker before 16 base62 characters as an identifier', () => {
    expect(parseSlugId('onboardingsequence2026')).toStrictEqual({
      identifier: 'onboardingsequence2026',
    });
    expect(parseSlugId('a_xx_gOcXEPFBdBkBIFwi')).toStrictEqual({
      identifier: 'a_xx_gOcXEPFBdBkBIFwi',
    });
    expect(parseSlugId('a_wf_gOcXEPFBdBkBIFw')).toStrictEqual({
      identifier: 'a_wf_gOcXEPFBdBkBIFw',
    });
    expect(parseSlugId('a_wf_0000000000000000abc')).toStrictEqual({
      identifier: 'a_wf_0000000000000000abc',
    });
    expect(parseSlugId('welcome-email-workflow')).toStrictEqual({
      identifier: 'welcome-email-workflow',
    });
  });
});

describe('slugs of the workflows an engine answers', () => {
  it('finds a workflow by its slug, its _id and its workflowId, and no other', () => {
    const engine = createMockEngine({
      seed: {
        workflows: [
          {
            workflowId: 'w',
            name: 'Hello World',
            steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'x' } }],
          },
        ],
      },
    });
    const context = engine.scope('Development');
    const item = engine.operations['workflows.list'](context, {
      query: {
        limit: 10,
        offset: 0,
        orderBy: 'createdAt',
        orderDirection: 'DESC',
      },
    }).workflows[0];
    const id = item?._id ?? '';
    expect(item?.slug).toBe(buildSlug('Hello World', 'workflow', id));
    expect(item?.steps.map((step) => step.slug)).toStrictEqual([
      buildSlug('Inbox', 'step', context.data.workflows[0]?.steps[0]?._id ?? ''),
    ]);
    expect(
      engine.operations['workflows.retrieve'](context, { params: { workflowId: item?.slug ?? '' } })
        .workflowId,
    ).toBe('w');
    expect(
      engine.operations['workflows.retrieve'](context, { params: { workflowId: id } }).workflowId,
    ).toBe('w');
    expect(
      engine.operations['workflows.retrieve'](context, { params: { workflowId: id.toUpperCase() } })
        .workflowId,
    ).toBe('w');
    expect(
      engine.operations['workflows.retrieve'](context, { params: { workflowId: 'w' } }).workflowId,
    ).toBe('w');
  });
});

describe('slugify on any name', () => {
  // The service's expressions, as it writes them: the engine's single passes must agree.
  const serviceSlugify = (name: string) =>
    name
      .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
      .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2')
      .toLowerCase()
      .replace(/[^a-z\d]+/g, '-')
      .replace(/([a-z\d]+)-([ts])(-|$)/g, '$1$2$3')
      .replace(/-{2,}/g, '-')
      .replace(/^-|-$/g, '');

  it('agrees with the service’s regular expressions', () => {
    const name = fc
      .array(fc.constantFrom('a', 'B', 'C', 's', 'S', 't', 'T', '1', '2', '-', ' ', "'"), {
        maxLength: 24,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(name, (text) => {
        expect(slugify(text)).toBe(serviceSlugify(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes one pass per rule on a long name (the expressions backtrack quadratically)', () => {
    // 200,000 characters: the expressions' 4·10^10 steps would hold the test past its timeout.
    expect(slugify('a'.repeat(200_000))).toHaveLength(200_000);
    expect(slugify('A'.repeat(200_000))).toHaveLength(200_000);
    expect(slugify(`${'a1'.repeat(100_000)}-`)).toHaveLength(200_000);
  });
});
