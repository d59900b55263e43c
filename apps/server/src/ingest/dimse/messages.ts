import { type Command, CommandError, decodeCommand } from './command';
import { PduError } from './pdu';

/** A whole DIMSE message (PS3.7 §6.3.1): a command and, when it says so, a data set. */
export interface Message {
  contextId: number;
  command: Command;
  /** One PDV's fragment as received (no copy), several joined once; undefined: none, or over the cap. */
  dataSet: Buffer | undefined;
  /** Data set bytes received, also when they were dropped for the cap. */
  size: number;
}

/** A command set is ~200 bytes; anything near this is not one. */
const MAX_COMMAND_BYTES = 64 * 1024;

/**
 * PDVs → DIMSE messages. A message's fragments come in order on one presentation context, the
 * command first, and messages are not interleaved (PS3.8 Annex E); anything else is a protocol
 * error. A data set over `maxObjectBytes` is counted to its end but not kept.
 */
export class MessageAssembler {
  private commandParts: Buffer[] = [];
  private commandSize = 0;
  private commandContext = 0;
  private pending: { contextId: number; command: Command; parts: Buffer[]; size: number } | undefined;

  constructor(
    /** Set once the association is admitted: the cap depends on how (listener.ts). */
    public maxObjectBytes: number,
    private readonly onMessage: (message: Message) => void,
  ) {}

  /** Bytes of the data set being received; undefined between messages. */
  get receiving(): number | undefined {
    return this.pending?.size ?? (this.commandParts.length ? 0 : undefined);
  }

  /** Bytes of the data set being received that are held in memory (none once over the cap). */
  get kept(): number {
    const m = this.pending;
    return m && m.size <= this.maxObjectBytes ? m.size : 0;
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
    if (command.hasDataSet) this.pending = { contextId, command, parts: [], size: 0 };
    else this.onMessage({ contextId, command, dataSet: undefined, size: 0 });
  }

  private dataFragment(contextId: number, fragment: Buffer[], length: number, last: boolean) {
    const m = this.pending;
    if (!m) throw new PduError('a data set arrived without its command');
    if (contextId !== m.contextId) {
      throw new PduError(`data set on presentation context ${contextId}, its command on ${m.contextId}`);
    }
    m.size += length;
    if (m.size > this.maxObjectBytes) m.parts = [];
    else for (const part of fragment) m.parts.push(part);
    if (!last) return;
    this.pending = undefined;
    const dataSet =
      m.size > this.maxObjectBytes
        ? undefined
        : m.parts.length === 1
          ? m.parts[0]!
          : Buffer.concat(m.parts, m.size);
    this.onMessage({ contextId, command: m.command, dataSet, size: m.size });
  }
}
