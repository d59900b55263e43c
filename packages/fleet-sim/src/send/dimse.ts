import dimse from 'dcmjs-dimse';

const { Client, requests, log } = dimse;
log.setLevel('silent'); // dcmjs-dimse logs every PDU at INFO; failures are reported per object

export interface DimseTarget {
  host: string;
  port: number;
  /** Called AE title (Kestrel's). */
  calledAe: string;
  callingAe: string;
}

export interface SendResult {
  ok: number;
  failed: { file: string; reason: string }[];
  seconds: number;
}

/** One association: C-STORE every file in turn; resolves when the association is closed. */
function sendOnAssociation(target: DimseTarget, files: string[]): Promise<Omit<SendResult, 'seconds'>> {
  return new Promise((resolve) => {
    const client = new Client();
    const failed: SendResult['failed'] = [];
    const answered = new Set<string>();
    let ok = 0;
    for (const file of files) {
      const request = new requests.CStoreRequest(file);
      request.on('response', (response: { getStatus(): number }) => {
        answered.add(file);
        const status = response.getStatus();
        // 0x0000 success; 0xB000–0xB007 warnings are stored too.
        if (status === 0 || (status >= 0xb000 && status <= 0xb007)) ok++;
        else failed.push({ file, reason: `status 0x${status.toString(16).padStart(4, '0')}` });
      });
      client.addRequest(request);
    }
    let networkError: string | null = null;
    client.on('networkError', (e: Error) => {
      networkError = e.message;
    });
    client.on('associationRejected', (r: { reason?: number }) => {
      networkError = `association rejected (reason ${r?.reason ?? '?'})`;
    });
    client.on('closed', () => {
      for (const file of files) {
        if (!answered.has(file)) failed.push({ file, reason: networkError ?? 'no response' });
      }
      resolve({ ok, failed });
    });
    client.send(target.host, target.port, target.callingAe, target.calledAe, {
      connectTimeout: 10_000,
      associationTimeout: 60_000,
      pduTimeout: 60_000,
    });
  });
}

/**
 * Send files over `associations` parallel associations. `laneOf` picks each file's association
 * (default: round-robin); the simulator keeps a device's objects on one association, in order,
 * as a device would.
 */
export async function sendFiles(
  target: DimseTarget,
  files: string[],
  associations: number,
  laneOf: (index: number) => number = (i) => i,
): Promise<SendResult> {
  const lanes = Array.from({ length: Math.max(1, associations) }, () => [] as string[]);
  for (const [i, f] of files.entries()) lanes[laneOf(i) % lanes.length]!.push(f);
  const started = performance.now();
  const results = await Promise.all(lanes.filter((l) => l.length).map((l) => sendOnAssociation(target, l)));
  return {
    ok: results.reduce((n, r) => n + r.ok, 0),
    failed: results.flatMap((r) => r.failed),
    seconds: (performance.now() - started) / 1000,
  };
}
