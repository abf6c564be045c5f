import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embedCode.ts';

describe('embedSnippet', () => {
  it('is the player script with the account id, then the wrapper with the embed id', () => {
    expect(embedSnippet('https://console.example', 406, 'aB3xY')).toBe(
      '<script async src="https://console.example/embed/player.js" data-account-id="406"></script>\n' +
        '<div class="hc-top-videos" data-embed-id="aB3xY"></div>',
    );
  });

  it('does not double the slash after an origin that ends with one', () => {
    expect(embedSnippet('http://localhost:3000/', 512, 'x')).toContain(
      'src="http://localhost:3000/embed/player.js"',
    );
  });

  it('escapes attribute values so the markup cannot break', () => {
    expect(embedSnippet('https://c.example', 1, 'a"b')).toContain('data-embed-id="a&quot;b"');
  });
});
