import { describe, expect, it } from 'vitest';
import { isMapsUrl } from './maps-url';

describe('isMapsUrl', () => {
  it.each([
    'https://maps.google.com/?q=Porto',
    'https://www.google.com/maps/place/Porto',
    'https://www.google.pt/maps/@41.1,-8.6,15z',
    'https://goo.gl/maps/abc123',
    'https://maps.app.goo.gl/xyz789',
  ])('accepts %s', (url) => expect(isMapsUrl(url)).toBe(true));

  it.each([
    'http://maps.google.com/?q=Porto',
    'https://evil.example/maps.google.com/',
    'https://www.google.com/search?q=maps',
    'https://maps.google.com.evil.example/',
    'javascript:alert(1)',
    'maps.google.com',
  ])('refuses %s', (url) => expect(isMapsUrl(url)).toBe(false));
});
