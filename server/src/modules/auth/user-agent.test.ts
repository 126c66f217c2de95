import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names the browser with its major version, the OS and a phone or tablet', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({
      browser: 'Firefox 133',
      os: 'Windows 10',
      deviceType: null,
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ os: 'iOS 17.5', deviceType: 'tablet' });
  });

  it('says nothing it does not know, and keeps labels short whatever a client sends', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, deviceType: null });
    expect(describeUserAgent('curl/8.5.0')).toMatchObject({ os: null, deviceType: null });
    const long = describeUserAgent(`Mozilla/5.0 (X11; Linux x86_64) ${'A'.repeat(10_000)}`);
    for (const label of [long.browser, long.os]) expect((label ?? '').length).toBeLessThanOrEqual(60);
  });
});
