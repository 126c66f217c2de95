import { describe, expect, it } from 'vitest';
import { isMapsUrl, mapsHref } from './maps-url';

describe('isMapsUrl', () => {
  it.each([
    'https://maps.google.com/?q=Porto',
    'https://www.google.com/maps/place/Porto',
    'https://www.google.pt/maps/@41.1,-8.6,15z',
    'https://www.google.co.uk/maps',
    'https://goo.gl/maps/abc123',
    'https://maps.app.goo.gl/xyz789',
    'HTTPS://MAPS.GOOGLE.COM/?q=Porto',
    '  https://maps.google.com/?q=Porto  ',
    // Apple Maps and OpenStreetMap (ADR 058): the whole host is the maps service
    'https://maps.apple.com/?ll=41.1579,-8.6291&q=Porto',
    'https://maps.apple.com/place?coordinate=41.1579,-8.6291',
    'https://MAPS.APPLE.COM/?q=Porto',
    'https://www.openstreetmap.org/?mlat=41.1579&mlon=-8.6291#map=17/41.1579/-8.6291',
    'https://openstreetmap.org/#map=12/41.1579/-8.6291',
    'https://osm.org/go/b5crq_G--',
  ])('accepts %s', (url) => expect(isMapsUrl(url)).toBe(true));

  it.each([
    // other schemes
    'http://maps.google.com/?q=Porto',
    'javascript:alert(1)',
    'javascript://maps.google.com/%0aalert(1)',
    'java\nscript:alert(1)//https://maps.google.com/',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://maps.google.com/',
    'blob:https://maps.google.com/0b6f3c1e',
    // not absolute
    'maps.google.com',
    '//maps.google.com/',
    '/maps/place/Porto',
    '',
    // user info: the real host is the one after @
    'https://maps.google.com@evil.example/',
    'https://maps.google.com:443@evil.example/',
    'https://user:pass@maps.google.com/',
    'https://maps.google.com%40evil.example/',
    'https://maps.google.com%2f@evil.example/',
    // lookalike hosts and paths
    'https://maps.google.com.evil.example/',
    'https://maps.google.com%2eevil.example/',
    'https://maps.google.com./',
    'https://maps-google.com/',
    'https://mapsgoogle.com/',
    'https://maps.google.evil/',
    'https://evil.example/maps.google.com/',
    'https://evil.example/?u=https://maps.google.com/',
    'https://evil.example#https://maps.google.com/',
    'https://maps.gооgle.com/', // Cyrillic o
    'https://google.com.evil.example/maps/',
    'https://www.google.com/search?q=maps',
    'https://www.google.com/mapsevil',
    'https://www.google.com/maps/../url?q=https://evil.example',
    'https://goo.gl/evil',
    'https://goo.gl/maps%2f..%2fevil',
    'https://evil.goo.gl/maps/x',
    'https://maps.app.goo.gl.evil.example/x',
    // a port
    'https://maps.google.com:8443/',
    // Apple Maps and OpenStreetMap: the same rules
    'http://maps.apple.com/?q=Porto',
    'http://www.openstreetmap.org/#map=12/41.1579/-8.6291',
    'https://maps.apple.com:8443/?q=Porto',
    'https://osm.org:444/',
    'https://user@maps.apple.com/?q=Porto',
    'https://maps.apple.com@evil.example/',
    'https://www.openstreetmap.org@evil.example/',
    'https://maps.apple.com.evil.example/?q=Porto',
    'https://www.openstreetmap.org.evil.example/',
    'https://osm.org.evil.example/',
    'https://maps.apple.com%2eevil.example/',
    'https://evil.example/maps.apple.com/',
    'https://evil.example/?u=https://www.openstreetmap.org/',
    'https://mapsapple.com/',
    'https://apple.com/maps',
    'https://www.apple.com/maps/',
    'https://beta.maps.apple.com/',
    'https://evilopenstreetmap.org/',
    'https://tile.openstreetmap.org/1/1/1.png',
    'https://wiki.openstreetmap.org/wiki/Map',
    'https://www.osm.org/',
    'https://openstreetmap.com/',
    'javascript://maps.apple.com/%0aalert(1)',
  ])('refuses %s', (url) => expect(isMapsUrl(url)).toBe(false));
});

describe('mapsHref', () => {
  it('returns the normalized link the browser will open', () => {
    expect(mapsHref(' https://MAPS.google.com/?q=Porto ')).toBe('https://maps.google.com/?q=Porto');
    expect(mapsHref('https://maps.google.com\\@evil.example')).toBe('https://maps.google.com/@evil.example');
    expect(mapsHref('https://Maps.Apple.com/?q=Porto')).toBe('https://maps.apple.com/?q=Porto');
    expect(mapsHref('https://osm.org#map=12/41.1/-8.6')).toBe('https://osm.org/#map=12/41.1/-8.6');
    expect(mapsHref('javascript:alert(1)')).toBeNull();
  });
});
