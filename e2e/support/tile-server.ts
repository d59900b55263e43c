import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A small map tile service for the browser suite (docs/map.md "Tile service"): GET /{z}/{x}/{y}.png
 * answers a 256×256 PNG (land-coloured with a darker grid line at its edges, so tiles are seen on a
 * screenshot) and records every request — path and query, so a spec can check the API key came
 * along. Anything else is a 404.
 */
export interface TileRequest {
  z: number;
  x: number;
  y: number;
  key: string | null;
}

export async function startTileServer() {
  const requests: TileRequest[] = [];
  const tile = png(256, 256, (x, y) => (x < 2 || y < 2 ? [120, 140, 160] : [222, 232, 214]));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://tiles');
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) {
      res.writeHead(404).end();
      return;
    }
    requests.push({ z: Number(m[1]), x: Number(m[2]), y: Number(m[3]), key: url.searchParams.get('key') });
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': tile.length }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An RGB PNG (colour type 2, 8 bits) drawn by `colour`. */
function png(width: number, height: number, colour: (x: number, y: number) => number[]): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) rows.set(colour(x, y), at + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
