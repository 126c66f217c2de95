import { describe, expect, it } from 'vitest';
import { coordinatesFromMapsLink } from './maps-link-coordinates';
import { isMapsUrl } from './maps-url';

// Shapes copied from links the services hand out (share buttons, address bars, documented URL
// schemes). Expected values are the link's own digits rounded to 6 decimals.
const PARSED: [string, number, number][] = [
  // Google: the viewport centre after @, with zoom, metres or street-view camera
  ['https://www.google.com/maps/@48.8583701,2.2944813,17z', 48.85837, 2.294481],
  ['https://www.google.fr/maps/@48.8606111,2.337644,18z', 48.860611, 2.337644],
  ['https://www.google.com/maps/@35.6585812,139.7454329,500m/data=!3m1!1e3', 35.658581, 139.745433],
  [
    'https://www.google.com/maps/@40.6892494,-74.0445004,3a,75y,90t/data=!3m6!1e1!3m4!1sAF1QipNx0!2e0!7i13312!8i6656',
    40.689249,
    -74.0445,
  ],
  ['https://www.google.com/maps/@64.1265213,-21.8174393,12z?entry=ttu', 64.126521, -21.817439],
  ['https://www.google.com/maps/place/Golden+Gate+Bridge/@37.8199286,-122.4808304,17z', 37.819929, -122.48083],
  // Google place links: !3d!4d (the place) wins over @ (the viewport beside the side panel)
  [
    'https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2919064,17z/data=!3m1!4b1!4m6!3m5!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0!8m2!3d48.8583701!4d2.2944813!16zL20vMDJqODE?entry=ttu',
    48.85837,
    2.294481,
  ],
  [
    'https://www.google.co.uk/maps/place/Big+Ben/@51.5007292,-0.1272003,17z/data=!3m1!4b1!4m6!3m5!1s0x487604c38c8cd1d9:0xb78f2474b9a45aa9!8m2!3d51.5007292!4d-0.1246254!16zL20vMGNmZ3Q?entry=ttu',
    51.500729,
    -0.124625,
  ],
  [
    'https://www.google.com.br/maps/place/Cristo+Redentor/@-22.951916,-43.2130618,17z/data=!3m1!4b1!4m6!3m5!1s0x9bd5803e4d7ab3:0x4d1d1b9a5e7c7b5e!8m2!3d-22.951916!4d-43.2104869!16zL20vMDF4NWs?entry=ttu',
    -22.951916,
    -43.210487,
  ],
  [
    'https://www.google.de/maps/place/Brandenburger+Tor/@52.5162746,13.3751292,17z/data=!3m1!4b1!4m6!3m5!1s0x47a851c655f20989:0x26bbfb4e84674c63!8m2!3d52.5162746!4d13.3777041!16zL20vMDFnYjZ0?hl=de',
    52.516275,
    13.377704,
  ],
  [
    'https://www.google.co.jp/maps/place/Kinkaku-ji/@35.0393744,135.7266346,17z/data=!3m1!4b1!4m6!3m5!1s0x6001a826b1c4f7bd:0xd9a0f5a3e6e6b0a2!8m2!3d35.0393744!4d135.7292093!16zL20vMDFiNmdq',
    35.039374,
    135.729209,
  ],
  [
    'https://www.google.com.au/maps/place/Sydney+Opera+House/@-33.8567844,151.2127218,17z/data=!3m1!4b1!4m6!3m5!1s0x6b12ae665e892fdd:0x3133f8d75a1ac251!8m2!3d-33.8567844!4d151.2152967!16zL20vMDZfbjM',
    -33.856784,
    151.215297,
  ],
  [
    'https://www.google.ca/maps/place/CN+Tower/@43.6425662,-79.3892455,17z/data=!4m6!3m5!1s0x882b34d68bf33a9b:0x15edd8c4de1c7581!8m2!3d43.6425662!4d-79.3870568!16zL20vMDFmbTg',
    43.642566,
    -79.387057,
  ],
  [
    'https://www.google.co.in/maps/place/Taj+Mahal/@27.1751448,78.0395673,17z/data=!3m1!4b1!4m6!3m5!1s0x39747121d702ff6d:0xdd2ae4803f767dde!8m2!3d27.1751448!4d78.0421422!16zL20vMGw4Zmg',
    27.175145,
    78.042142,
  ],
  [
    'https://www.google.pt/maps/place/Torre+de+Bel%C3%A9m/@38.6915837,-9.2185766,17z/data=!3m1!4b1!4m6!3m5!1s0xd1ecb5c4a7b8d7d:0x4a0d2b0dc3b5e2e5!8m2!3d38.6915837!4d-9.2160017!16zL20vMDVidnk',
    38.691584,
    -9.216002,
  ],
  [
    "https://www.google.com/maps/place/48%C2%B051'30.1%22N+2%C2%B017'40.1%22E/@48.8583611,2.2918064,17z/data=!3m1!4b1!4m4!3m3!8m2!3d48.8583611!4d2.2944444",
    48.858361,
    2.294444,
  ],
  // Google: a pair as the place or the search
  ['https://www.google.it/maps/place/41.8902102,12.4922309', 41.89021, 12.492231],
  ['https://www.google.com/maps/search/48.8583701,+2.2944813', 48.85837, 2.294481],
  ['https://www.google.es/maps/search/41.4036299,2.1743558?entry=tts', 41.40363, 2.174356],
  // Google: q, query and the api=1 links
  ['https://www.google.com/maps?q=48.858370,2.294481', 48.85837, 2.294481],
  ['https://maps.google.com/?q=41.1579438,-8.6291053', 41.157944, -8.629105],
  ['https://maps.google.com/maps?q=38.6916,-9.2160&z=15&hl=pt-PT', 38.6916, -9.216],
  ['https://www.google.nl/maps?q=52.3599976%2C4.8852188', 52.359998, 4.885219],
  ['https://www.google.com/maps?q=52.3752182,%204.8839859', 52.375218, 4.883986],
  ['https://maps.google.com/maps?q=loc:48.8583701+2.2944813', 48.85837, 2.294481],
  ['https://maps.google.com/?q=loc:-34.6037389,-58.3815704', -34.603739, -58.38157],
  ['https://www.google.com/maps?q=-13.163141163141163,-72.545128545128545', -13.163141, -72.545129],
  ['https://www.google.com/maps/search/?api=1&query=47.5951518%2C-122.3316393', 47.595152, -122.331639],
  [
    'https://www.google.com/maps/search/?api=1&query=-33.8567844%2C151.2152967&query_place_id=ChIJ3S-JXmauEmsRUcIaWtf4MzE',
    -33.856784,
    151.215297,
  ],
  [
    'https://www.google.com/maps/@?api=1&map_action=map&center=-33.712206,150.311941&zoom=12&basemap=terrain',
    -33.712206,
    150.311941,
  ],
  [
    'https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=48.857832,2.295226&heading=-45&pitch=38&fov=80',
    48.857832,
    2.295226,
  ],
  // Google: ll (a name in q is not a place, so ll is), old directions
  ['https://maps.google.com/?ll=37.8199286,-122.4782551&z=15&t=m', 37.819929, -122.478255],
  ['https://www.google.com.mx/maps?ll=19.4326077,-99.133208&z=14&q=Z%C3%B3calo', 19.432608, -99.133208],
  ['https://maps.google.com/maps?saddr=Times+Square&daddr=40.7484406,-73.9856644', 40.748441, -73.985664],
  // Google directions: the destination
  [
    'https://www.google.com/maps/dir/?api=1&origin=Paris%2C+France&destination=48.8583701%2C2.2944813&travelmode=walking',
    48.85837,
    2.294481,
  ],
  ['https://www.google.com/maps/dir/?api=1&destination=34.059808%2C-118.368152', 34.059808, -118.368152],
  ['https://www.google.com/maps/dir/48.8606111,2.337644/48.8583701,2.2944813/', 48.85837, 2.294481],
  [
    'https://www.google.com/maps/dir/Louvre+Museum,+Paris/48.8529682,2.3499021/@48.8569,2.3371,15z/data=!3m1!4b1!4m8!4m7!1m5!1m1!1s0x47e671d877937b0f:0xb975fcfa192f84d4!2m2!1d2.337644!2d48.8606111!1m0',
    48.852968,
    2.349902,
  ],
  ['https://www.google.com/maps/dir//48.8529682,2.3499021/@48.8529682,2.3477134,17z', 48.852968, 2.349902],
  // Apple Maps
  ['https://maps.apple.com/?ll=50.894967,4.341626', 50.894967, 4.341626],
  ['https://maps.apple.com/?q=Mexican+Restaurant&sll=50.894967,4.341626&z=10&t=s', 50.894967, 4.341626],
  [
    'https://maps.apple.com/?address=Place%20Charles%20de%20Gaulle,%2075008%20Paris,%20France&auid=1234567890&ll=48.873792,2.295028&lsp=9902&q=Arc%20de%20Triomphe',
    48.873792,
    2.295028,
  ],
  ['https://maps.apple.com/?ll=37.334886,-122.008988&q=Dropped%20Pin&t=m', 37.334886, -122.008988],
  ['https://maps.apple.com/?q=37.7749291,-122.4194153', 37.774929, -122.419415],
  ['https://maps.apple.com/?saddr=Cupertino&daddr=37.331686,-122.030656&dirflg=d', 37.331686, -122.030656],
  ['https://maps.apple.com/place?coordinate=48.858370,2.294481&name=Eiffel%20Tower', 48.85837, 2.294481],
  [
    'https://maps.apple.com/directions?source=Tokyo%20Station&destination=35.658581,139.745433&mode=walking',
    35.658581,
    139.745433,
  ],
  ['https://maps.apple.com/?q=Cafe&near=51.507351,-0.127758', 51.507351, -0.127758],
  // OpenStreetMap: the marker wins over the viewport in #map=
  ['https://www.openstreetmap.org/?mlat=48.85837&mlon=2.29448#map=17/48.85837/2.29448', 48.85837, 2.29448],
  ['https://osm.org/?mlat=-33.85678&mlon=151.21530#map=18/-33.85700/151.21500', -33.85678, 151.2153],
  ['https://openstreetmap.org/?mlat=41.89021&mlon=12.49223&zoom=16', 41.89021, 12.49223],
  ['https://www.openstreetmap.org/#map=17/52.51628/13.37771', 52.51628, 13.37771],
  ['https://www.openstreetmap.org/#map=16/-22.9519/-43.2105&layers=C', -22.9519, -43.2105],
  ['https://www.openstreetmap.org/node/2481843232#map=19/35.03937/135.72921', 35.03937, 135.72921],
  [
    'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=48.8566%2C2.3522%3B48.8584%2C2.2945#map=14/48.8575/2.3233',
    48.8584,
    2.2945,
  ],
  ['https://www.openstreetmap.org/search?query=48.8584%2C2.2945#map=15/48.8600/2.3000', 48.8584, 2.2945],
];

const NOT_PARSED: [string, string][] = [
  // Short links: their place is known only after a request to Google, never made (docs/product.md#nothing-leaves-the-origin)
  ['https://maps.app.goo.gl/3u5Bv8rLfFqDeFPo7', 'short link'],
  ['https://goo.gl/maps/Xyz123AbC', 'old short link'],
  ['https://osm.org/go/0BOdUs9e--?m=', 'OpenStreetMap short code'],
  // A name, not a position
  ['https://www.google.com/maps?q=Eiffel+Tower', 'place name in q'],
  ['https://www.google.com/maps/search/?api=1&query=Eiffel+Tower%2C+Paris', 'place name in query'],
  ['https://www.google.com/maps/place/Eiffel+Tower', 'place name in the path'],
  ['https://maps.apple.com/?q=Eiffel%20Tower', 'Apple place name'],
  ['https://maps.apple.com/?daddr=San+Francisco&dirflg=d', 'Apple destination name'],
  ['https://www.openstreetmap.org/node/2481843232', 'OpenStreetMap object without a map view'],
  // Out of range or not a decimal number
  ['https://www.google.com/maps/@91.0000001,2.2944813,17z', 'latitude above 90'],
  ['https://www.google.com/maps?q=-90.1,2.3', 'latitude below -90'],
  ['https://www.google.com/maps?q=48.8583701,180.5', 'longitude above 180'],
  ['https://www.google.com/maps?q=NaN,NaN', 'NaN'],
  ['https://www.google.com/maps?q=Infinity,-Infinity', 'Infinity'],
  ['https://www.google.com/maps?q=0x30,0x2', 'hex'],
  ['https://www.google.com/maps?q=1.5e1,2.5e1', 'exponent'],
  // Not exactly one pair
  ['https://www.google.com/maps?q=48.858,2.294,3.5', 'three numbers'],
  ['https://www.google.com/maps?q=48.858,2.294;48.859,2.295', 'two pairs'],
  ['https://www.google.com/maps?q=48.858,,2.294', 'empty part'],
  ['https://www.google.com/maps?q=48.85837%2C2.29448%2C', 'trailing comma'],
  ['https://www.openstreetmap.org/#map=17/48.85837', 'incomplete #map='],
  // Decisions (ADR 058): 0,0 is a map's "unset"; whole numbers are a street number or too coarse
  ['https://www.google.com/maps/@0.0,0.0,3z', 'null island'],
  ['https://www.google.com/maps/place/12,34+Main+St', 'street number'],
  ['https://www.google.com/maps/place/12,34', 'whole numbers as the place'],
  ['https://www.google.com/maps?q=48,2', 'whole degrees'],
  // Directions to a name: the origin is not the place, nor is the route's centre
  ['https://www.google.com/maps/dir/48.8606111,2.337644/Eiffel+Tower/@48.86,2.31,14z', 'named destination'],
  ['https://www.google.com/maps/dir/48.8606111,2.337644//@48.8606111,2.337644,15z', 'no destination'],
  // Not a maps link Waymark accepts
  ['https://evil.example/@48.8583701,2.2944813,17z', 'other host with @'],
  ['https://evil.example/maps?q=48.8583701,2.2944813', 'other host with q'],
  ['https://maps.apple.com.evil.example/?ll=48.858370,2.294481', 'lookalike host'],
  ['http://maps.google.com/?q=48.858370,2.294481', 'http'],
  ['https://www.google.com/search?q=48.8583701,2.2944813', 'Google search, not maps'],
  ['48.8583701,2.2944813', 'not a link'],
];

describe('coordinatesFromMapsLink', () => {
  it.each(PARSED)('reads %s', (url, latitude, longitude) => {
    expect(coordinatesFromMapsLink(url)).toEqual({ latitude, longitude });
  });

  it.each(NOT_PARSED)('finds nothing in %s (%s)', (url) => {
    expect(coordinatesFromMapsLink(url)).toBeNull();
  });

  it('reads only links a tip accepts', () => {
    for (const [url] of PARSED) expect(isMapsUrl(url), url).toBe(true);
  });

  it('turns a value that rounds to zero into 0, not -0', () => {
    const found = coordinatesFromMapsLink('https://www.google.com/maps?q=48.8583701,-0.0000001');
    expect(Object.is(found?.longitude, 0)).toBe(true);
  });
});
