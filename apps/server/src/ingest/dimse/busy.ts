import type { Socket } from 'node:net';
import { encodeAssociateReject, PDU, REJECT } from './pdu';

/**
 * A connection beyond DICOM_MAX_ASSOCIATIONS. Its A-ASSOCIATE-RQ is answered A-ASSOCIATE-RJ,
 * rejected-transient by the service provider for a local limit (PS3.8 Table 9-21), as soon as
 * its first byte shows one: a sender retries later, as after any busy signal. The rest is read
 * and dropped, never kept, until the peer hangs up or ARTIM expires (closing with its bytes
 * unread would reset the connection, and the peer might lose our answer). Anything but an
 * A-ASSOCIATE-RQ is cut off at once.
 */
export function refuseBusy(socket: Socket, artimMs: number) {
  const timer = setTimeout(() => socket.destroy(), artimMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('error', () => {});
  let answered = false;
  socket.on('data', (chunk: Buffer) => {
    if (answered) return;
    answered = true;
    if (chunk[0] !== PDU.associateRq) {
      socket.destroy();
      return;
    }
    socket.write(encodeAssociateReject(REJECT.transient, REJECT.byPresentation, REJECT.localLimitExceeded));
  });
}
