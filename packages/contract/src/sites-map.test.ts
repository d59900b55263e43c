import { describe, expect, it } from 'vitest';
import { tileSource, worstOf } from './sites-map';

describe('worstOf', () => {
  it('ranks RED over YELLOW over GREEN over grey', () => {
    expect(worstOf(['GREEN', 'RED', 'YELLOW'])).toBe('RED');
    expect(worstOf([null, 'YELLOW', 'GREEN'])).toBe('YELLOW');
    expect(worstOf([null, 'GREEN'])).toBe('GREEN');
    expect(worstOf([null, null])).toBeNull();
    expect(worstOf([])).toBeNull();
  });
});

describe('tileSource', () => {
  it('is the scheme and host of the template', () => {
    expect(tileSource('https://tiles.example.com/{z}/{x}/{y}.png?key={apiKey}')).toBe(
      'https://tiles.example.com',
    );
    expect(tileSource('http://localhost:8081/{z}/{x}/{y}.png')).toBe('http://localhost:8081');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });
  it('refuses what is not an absolute http(s) URL or would widen the policy', () => {
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('ftp://example.com/{z}')).toBeNull();
    expect(tileSource('https://user@evil.example/{z}')).toBeNull();
    expect(tileSource("https://a.example 'unsafe-inline'/{z}")).toBeNull();
    expect(tileSource('https://*/{z}')).toBeNull();
  });
});
