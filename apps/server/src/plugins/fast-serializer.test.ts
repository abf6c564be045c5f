import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { okEnvelope } from '@hc/shared/api/envelope';
import { highlightListSchema } from '@hc/shared/api/highlights';
import { fastStringify } from './fast-serializer.ts';

// What fastify-type-provider-zod sent before: the zod-checked answer through JSON.stringify.
const schema = okEnvelope(highlightListSchema);
const viaZod = (data: unknown) => JSON.stringify(schema.parse(data));

const number = fc.oneof(
  fc.integer({ min: -1, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e-7, 0.1, 1e21, 123.456),
);
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"\\\n\u2028</script>', 'é 😀'),
);
const highlight = fc.record({
  highlight_id: number,
  title: text,
  article_id: number,
  article_created_at: number,
  published_at: number,
  recommendation_score: number,
  article_active: fc.boolean(),
  ia_article_active: fc.boolean(),
  video_url: text,
  thumbnail: text,
  gif_url: fc.option(text),
  // Kept as jsonb: a stored resource may carry keys the answer does not show.
  resources: fc.array(fc.record({ id: text, type: text, url: text, extra: fc.option(text) }), {
    maxLength: 3,
  }),
  category: fc.option(text),
  link: text,
  duration: number,
  non_uniq_regular_impressions: number,
  non_uniq_regular_clicks: number,
  regular_ctr: fc.option(number),
  non_uniq_ia_impressions: number,
  non_uniq_ia_clicks: number,
  ia_ctr: fc.option(number),
});
const answer = fc.record(
  {
    success: fc.constant(true as const),
    data: fc.record(
      {
        highlights: fc.array(highlight, { maxLength: 4 }),
        count: number,
        create_gif: fc.boolean(),
        next_cursor: fc.option(text),
      },
      { requiredKeys: ['highlights', 'count', 'create_gif'] },
    ),
  },
  { requiredKeys: ['success', 'data'] },
);

describe('fastStringify', () => {
  const stringify = fastStringify(schema);

  it('writes the bytes the zod-checked JSON.stringify wrote, for any list answer', () => {
    fc.assert(
      fc.property(answer, (data) => {
        expect(stringify(data)).toBe(viaZod(data));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out keys the schema does not name, in any position', () => {
    const data = {
      success: true,
      data: { extra: 1, highlights: [], count: 0, create_gif: false, next_cursor: null },
      more: 'x',
    };
    expect(stringify(data)).toBe(viaZod(data));
    expect(stringify(data)).toBe(
      '{"success":true,"data":{"highlights":[],"count":0,"create_gif":false,"next_cursor":null}}',
    );
  });

  it('still refuses an answer missing a required key', () => {
    expect(() => stringify({ success: true, data: { highlights: [], create_gif: false } })).toThrow(/count/);
  });
});
