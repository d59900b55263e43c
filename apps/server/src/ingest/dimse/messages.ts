import { type Command, CommandError, decodeCommand } from './command';
import { PduError } from './pdu';

/** A whole DIMSE message (PS3.7 §6.3.1): a command and, when it says so, a data set. */
export interface Message {
  contextId: number;
  command: Command;
  /**
   * The data set's first `maxKeptBytes` (its header, and perhaps some pixels): one PDV's fragment
   * as received (no copy), several joined once. undefined: none, or the object was over the cap.
   */
  dataSet: Buffer | undefined;
  /** Data set bytes received, also those not kept (past the header, or over the cap). */
  size: number;
}

/** A command set is ~200 bytes; anything near this is not one. */
const MAX_COMMAND_BYTES = 64 * 1024;

/**
 * PDVs → DIMSE messages. A message's fragments come in order on one presentation context, the
 * command first, and messages are not interleaved (PS3.8 Annex E); anything else is a protocol
 * error. Only a data set's first `maxKeptBytes` are kept — Kestrel reads headers, never pixels, so
 * a 200 MB tomosynthesis object costs its header's memory, not 200 MB; the rest is counted. A
 * data set over `maxObjectBytes` is counted to its end and refused.
 */
export class MessageAssembler {
  private commandParts: Buffer[] = [];
  private commandSize = 0;
  private commandContext = 0;
  private pending:
    | { contextId: number; command: Command; parts: Buffer[]; size: number; kept: number }
    | undefined;

  constructor(
    /** Set once the association is admitted: the cap depends on how (listener.ts). */
    public maxObjectBytes: number,
    /** How much of each data set is kept (DICOM_MAX_HEADER_BYTES): more than any header. */
    private readonly maxKeptBytes: number,
    private readonly onMessage: (message: Message) => void,
  ) {}

  /** Bytes of the data set being received; undefined between messages. */
  get receiving(): number | undefined {
    return this.pending?.size ?? (this.commandParts.length ? 0 : undefined);
  }

  /** Bytes of the data set being received that are held in memory (none once over the cap). */
  get kept(): number {
    return this.pending?.kept ?? 0;
  }

  /** Forget a half-received message. */
  reset() {
    this.commandParts = [];
    this.commandSize = 0;
    this.pending = undefined;
  }

  pdv(contextId: number, control: number, fragment: Buffer[], length: number) {
    const last = (control & 2) !== 0;
    if (control & 1) this.commandFragment(contextId, fragment, length, last);
    else this.dataFragment(contextId, fragment, length, last);
  }

  private commandFragment(contextId: number, fragment: Buffer[], length: number, last: boolean) {
    if (this.pending) throw new PduError('a command arrived where a data set was expected');
    if (this.commandParts.length && contextId !== this.commandContext) {
      throw new PduError('command fragments on two presentation contexts');
    }
    this.commandContext = contextId;
    for (const part of fragment) this.commandParts.push(part);
    this.commandSize += length;
    if (this.commandSize > MAX_COMMAND_BYTES)
      throw new PduError(`command set over ${MAX_COMMAND_BYTES} bytes`);
    if (!last) return;
    const bytes = Buffer.concat(this.commandParts, this.commandSize);
    this.commandParts = [];
    this.commandSize = 0;
    let command: Command;
    try {
      command = decodeCommand(bytes);
    } catch (err) {
      if (err instanceof CommandError) throw new PduError(`unreadable command set: ${err.message}`);
      throw err;
    }
    if (command.hasDataSet) this.pending = { contextId, command, parts: [], size: 0, kept: 0 };
    else this.onMessage({ contextId, command, dataSet: undefined, size: 0 });
  }

  private dataFragment(contextId: number, fragment: Buffer[], length: number, last: boolean) {
    const m = this.pending;
    if (!m) throw new PduError('a data set arrived without its command');
    if (contextId !== m.contextId) {
      throw new PduError(`data set on presentation context ${contextId}, its command on ${m.contextId}`);
    }
    m.size += length;
    if (m.size > this.maxObjectBytes) {
      m.parts = [];
      m.kept = 0;
    } else {
      for (const part of fragment) {
        const room = this.maxKeptBytes - m.kept;
        if (room <= 0) break;
        // A slice shares the socket's memory: copy a cut-off piece so the rest can be freed.
        const piece = part.length <= room ? part : Buffer.from(part.subarray(0, room));
        m.parts.push(piece);
        m.kept += piece.length;
      }
    }
    if (!last) return;
    this.pending = undefined;
    const dataSet =
      m.size > this.maxObjectBytes
        ? undefined
        : m.parts.length === 1
          ? m.parts[0]!
          : Buffer.concat(m.parts, m.kept);
    this.onMessage({ contextId, command: m.command, dataSet, size: m.size });
  }
}
