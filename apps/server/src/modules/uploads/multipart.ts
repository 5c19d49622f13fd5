/** One part of a multipart/form-data body. */
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/**
 * A small multipart/form-data reader for bodies already limited in size by the route. Parts
 * are split on the boundary; each part's headers give its field name and file name.
 */
export function parseMultipart(body: Buffer, contentType: string): Part[] {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // Between "--boundary\r\n" and "\r\n--boundary".
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = chunk.subarray(0, split).toString('utf8');
      const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
          contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim(),
          data: chunk.subarray(split + 4),
        });
      }
    }
    start = next;
  }
  return parts;
}
