// A small multipart/form-data parser (RFC 7578) for the bodies @discordjs/rest builds with
// undici's FormData: a `payload_json` text part plus `files[n]` parts with filename and type.

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

export function multipartBoundary(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? '').trim() : null;
}

export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) throw new Error('multipart body has no boundary');
  for (;;) {
    const afterDelimiter = start + delimiter.length;
    // "--" right after a delimiter closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) break;
    const headerStart = afterDelimiter + 2; // skip CRLF
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    if (headerEnd < 0) throw new Error('multipart part without header terminator');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw new Error('multipart part without closing boundary');
    const headers = parseHeaders(body.subarray(headerStart, headerEnd).toString('utf8'));
    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParam(disposition, 'name');
    if (name === null) throw new Error('multipart part without a name');
    parts.push({
      name,
      filename: dispositionParam(disposition, 'filename'),
      contentType: headers.get('content-type') ?? null,
      data: Buffer.from(body.subarray(headerEnd + 4, next)),
    });
    start = next + 2;
  }
  return parts;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function dispositionParam(disposition: string, param: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition);
  if (match) return (match[1] ?? '').replace(/\\(.)/g, '$1').replace(/%22/g, '"');
  const bare = new RegExp(`(?:^|;)\\s*${param}=([^;]+)`, 'i').exec(disposition);
  return bare ? (bare[1] ?? '').trim() : null;
}
