/**
 * Reads the guide exports back with real parsers (issue 23): ical.js for the calendar (Mozilla's
 * RFC 5545 parser, Thunderbird's), libxml2's xmllint (compiled to WebAssembly) against the GPX
 * 1.1 schema, and xmldom for the route's contents. The API tests and the e2e spec share them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser, type Element } from '@xmldom/xmldom';
import ICAL from 'ical.js';
import { validateXML } from 'xmllint-wasm';

export interface CalendarEvent {
  uid: string;
  summary: string;
  /** YYYY-MM-DD of a DATE value. */
  start: string;
  end: string;
  isAllDay: boolean;
  description: string;
  location: string | null;
  url: string | null;
}

export function parseCalendar(text: string): { name: string | null; events: CalendarEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isAllDay: event.startDate.isDate && event.endDate.isDate,
      description: event.description,
      location: event.location || null,
      url: String(vevent.getFirstPropertyValue('url') ?? '') || null,
    };
  });
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  return { name: typeof name === 'string' ? name : null, events };
}

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gpx-1.1.xsd');

/** xmllint's schema validation: the errors, none when the file is valid GPX 1.1. */
export async function gpxSchemaErrors(text: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'route.gpx', contents: text },
    schema: { fileName: 'gpx-1.1.xsd', contents: readFileSync(XSD, 'utf8') },
  });
  return result.errors.map((e) => e.rawMessage);
}

export interface GpxPoint {
  lat: number;
  lon: number;
  name: string;
  desc: string | null;
  link: string | null;
  /** The point's child elements by name, in document order. */
  children: string[];
}

const childElements = (parent: Element, name?: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (name === undefined || (n as Element).localName === name),
  );
const textOf = (parent: Element, name: string) => childElements(parent, name)[0]?.textContent ?? null;

function pointOf(el: Element): GpxPoint {
  return {
    lat: Number(el.getAttribute('lat')),
    lon: Number(el.getAttribute('lon')),
    name: textOf(el, 'name') ?? '',
    desc: textOf(el, 'desc'),
    link: childElements(el, 'link')[0]?.getAttribute('href') ?? null,
    children: childElements(el).map((c) => c.localName ?? ''),
  };
}

export function parseGpx(text: string) {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'gpx') throw new Error('not a GPX document');
  const metadata = childElements(root, 'metadata')[0];
  return {
    version: root.getAttribute('version'),
    namespace: root.namespaceURI,
    /** The root's child elements by name, in document order. */
    children: childElements(root).map((c) => c.localName ?? ''),
    name: metadata ? textOf(metadata, 'name') : null,
    waypoints: childElements(root, 'wpt').map(pointOf),
    routes: childElements(root, 'rte').map((rte) => ({
      name: textOf(rte, 'name') ?? '',
      number: Number(textOf(rte, 'number')),
      points: childElements(rte, 'rtept').map(pointOf),
    })),
  };
}
