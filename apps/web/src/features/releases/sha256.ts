/**
 * SHA-256 in steps, for the package upload (docs/releases.md §1): the server wants the file's
 * checksum with the upload, and `crypto.subtle` is missing on plain-HTTP pages and would need the
 * whole file in memory. This hashes a file piece by piece instead.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export class Sha256 {
  private h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  private w = new Uint32Array(64);
  private block = new Uint8Array(64);
  private filled = 0;
  private length = 0;

  update(data: Uint8Array): this {
    let i = 0;
    this.length += data.length;
    while (i < data.length) {
      const n = Math.min(64 - this.filled, data.length - i);
      this.block.set(data.subarray(i, i + n), this.filled);
      this.filled += n;
      i += n;
      if (this.filled === 64) {
        this.compress(this.block);
        this.filled = 0;
      }
    }
    return this;
  }

  /** The digest as 64 lower-case hex digits. */
  hex(): string {
    const bits = this.length * 8;
    const pad = new Uint8Array((this.filled < 56 ? 56 : 120) - this.filled + 8);
    pad[0] = 0x80;
    const view = new DataView(pad.buffer);
    view.setUint32(pad.length - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(pad.length - 4, bits >>> 0);
    this.update(pad);
    return Array.from(this.h, (x) => x.toString(16).padStart(8, '0')).join('');
  }

  private compress(b: Uint8Array) {
    const w = this.w;
    for (let t = 0; t < 16; t++)
      w[t] = (b[t * 4]! << 24) | (b[t * 4 + 1]! << 16) | (b[t * 4 + 2]! << 8) | b[t * 4 + 3]!;
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15]!;
      const c = w[t - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(c, 17) ^ rotr(c, 19) ^ (c >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
    }
    let [a, b2, c, d, e, f, g, h] = this.h as unknown as number[];
    for (let t = 0; t < 64; t++) {
      const t1 =
        (h! + (rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + K[t]! + w[t]!) | 0;
      const t2 = ((rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22)) + ((a! & b2!) ^ (a! & c!) ^ (b2! & c!))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d! + t1) | 0;
      d = c;
      c = b2;
      b2 = a;
      a = (t1 + t2) | 0;
    }
    const out = [a, b2, c, d, e, f, g, h];
    for (let i = 0; i < 8; i++) this.h[i] = (this.h[i]! + out[i]!) | 0;
  }
}

/** A piece of a file as bytes (FileReader: every browser has it, also where Blob.arrayBuffer is missing). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** A file's SHA-256, read in pieces of `chunk` bytes; `onProgress` gets the share done (0…1). */
export async function fileSha256(
  file: Blob,
  onProgress?: (share: number) => void,
  chunk = 4 * 1024 * 1024,
): Promise<string> {
  const hash = new Sha256();
  for (let at = 0; at < file.size; at += chunk) {
    hash.update(await bytesOf(file.slice(at, at + chunk)));
    onProgress?.(Math.min(1, (at + chunk) / file.size));
  }
  onProgress?.(1);
  return hash.hex();
}
