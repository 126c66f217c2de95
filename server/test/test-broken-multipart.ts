/**
 * Multipart bodies broken the ways a flaky network or a hostile client breaks them (issue 19,
 * item 14). Shared by the upload routes' API test and the fuzzer, so both try the same class.
 */
const CRLF = '\r\n';

function partHead(boundary: string, field: string, filename = 'photo.png', type = 'image/png') {
  return `--${boundary}${CRLF}Content-Disposition: form-data; name="${field}"; filename="${filename}"${CRLF}Content-Type: ${type}${CRLF}${CRLF}`;
}

function whole(boundary: string, field: string, file: Buffer, count = 1) {
  const parts = Array.from({ length: count }, () => [Buffer.from(partHead(boundary, field)), file, Buffer.from(CRLF)]).flat();
  return Buffer.concat([...parts, Buffer.from(`--${boundary}--${CRLF}`)]);
}

const typeOf = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
const B = 'waymarkBrokenBoundary';

export interface BrokenBody {
  body: Buffer;
  contentType: string;
}

/** Each kind of breakage, given a valid image and the route's file field. */
export const BROKEN_MULTIPART_BODIES = {
  'file ends mid-stream (no closing boundary)': (file: Buffer, field: string): BrokenBody => ({
    body: Buffer.concat([Buffer.from(partHead(B, field)), file.subarray(0, Math.ceil(file.length / 2))]),
    contentType: typeOf(B),
  }),
  'whole file but no closing boundary': (file: Buffer, field: string): BrokenBody => ({
    body: Buffer.concat([Buffer.from(partHead(B, field)), file, Buffer.from(CRLF)]),
    contentType: typeOf(B),
  }),
  'cut inside the part headers': (_file: Buffer, field: string): BrokenBody => ({
    body: Buffer.from(partHead(B, field).slice(0, 40)),
    contentType: typeOf(B),
  }),
  'cut inside the closing boundary': (file: Buffer, field: string): BrokenBody => {
    const body = whole(B, field, file);
    return { body: body.subarray(0, body.length - 6), contentType: typeOf(B) };
  },
  'boundary in the header differs from the body': (file: Buffer, field: string): BrokenBody => ({
    body: whole('someOtherBoundary', field, file),
    contentType: typeOf(B),
  }),
  'empty body': (): BrokenBody => ({ body: Buffer.alloc(0), contentType: typeOf(B) }),
  'closing boundary only': (): BrokenBody => ({ body: Buffer.from(`--${B}--${CRLF}`), contentType: typeOf(B) }),
  'part without headers': (file: Buffer): BrokenBody => ({
    body: Buffer.concat([Buffer.from(`--${B}${CRLF}${CRLF}`), file, Buffer.from(`${CRLF}--${B}--${CRLF}`)]),
    contentType: typeOf(B),
  }),
  'part without a name': (file: Buffer): BrokenBody => ({
    body: Buffer.concat([
      Buffer.from(`--${B}${CRLF}Content-Disposition: form-data; filename="a.png"${CRLF}${CRLF}`),
      file,
      Buffer.from(`${CRLF}--${B}--${CRLF}`),
    ]),
    contentType: typeOf(B),
  }),
  'a text field instead of a file': (_file: Buffer, field: string): BrokenBody => ({
    body: Buffer.from(
      `--${B}${CRLF}Content-Disposition: form-data; name="${field}"${CRLF}${CRLF}not a file${CRLF}--${B}--${CRLF}`,
    ),
    contentType: typeOf(B),
  }),
  'too many files': (file: Buffer, field: string): BrokenBody => ({ body: whole(B, field, file, 12), contentType: typeOf(B) }),
  'garbage, no boundary at all': (): BrokenBody => ({
    body: Buffer.from('this is not multipart at all'),
    contentType: typeOf(B),
  }),
  'boundary longer than the parser can search for': (file: Buffer, field: string): BrokenBody => {
    const long = 'x'.repeat(300);
    return { body: whole(long, field, file), contentType: typeOf(long) };
  },
} as const;
