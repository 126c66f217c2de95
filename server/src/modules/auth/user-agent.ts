/**
 * Browser and OS of a session, read from its User-Agent with ua-parser-js 1.x (MIT; 2.x is AGPL
 * and not used). Server only: the client never ships the parser (ADR 074).
 */
import { UAParser } from 'ua-parser-js';

export interface DeviceLabel {
  browser: string | null;
  os: string | null;
  deviceType: string | null;
}

const MAX_LABEL = 60;

/** "Firefox 133": the name with the major version (the full one says nothing more to a person). */
function label(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return `${name}${version ? ` ${version}` : ''}`.slice(0, MAX_LABEL);
}

export function describeUserAgent(userAgent: string | null): DeviceLabel {
  if (!userAgent) return { browser: null, os: null, deviceType: null };
  const parsed = new UAParser(userAgent.slice(0, 512)).getResult();
  return {
    browser: label(parsed.browser.name, parsed.browser.major),
    os: label(parsed.os.name, parsed.os.version),
    deviceType: parsed.device.type === 'mobile' || parsed.device.type === 'tablet' ? parsed.device.type : null,
  };
}
