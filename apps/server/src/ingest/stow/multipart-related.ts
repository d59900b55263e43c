/** One part of a multipart/related body (RFC 2387): its Content-Type and bytes. */
export interface Part {
  contentType: string | null;
  bytes: Buffer;
}

/** `multipart/related; type="application/dicom"; boundary=…` → its parameters, lower-case names. */
export function mediaTypeParams(header: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = header.split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    params[p.slice(0, eq).trim().toLowerCase()] = p
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

/**
 * Split a multipart body on its boundary. Parts are sliced, not copied: a STOW-RS request of
 * many objects costs one buffer. Returns null when the body does not follow the boundary.
 */
export function splitMultipart(body: Buffer, boundary: string): Part[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  const parts: Part[] = [];
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') return parts; // closing delimiter
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) return null;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
    if (next < 0) return null;
    const headers = body.subarray(at, headersEnd).toString('latin1');
    const type = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? null;
    parts.push({ contentType: type, bytes: body.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
}
