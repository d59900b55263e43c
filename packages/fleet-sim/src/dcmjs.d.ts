/** The few parts of dcmjs (which ships no types) the simulator uses. */
declare module 'dcmjs' {
  type Natural = Record<string, unknown>;
  const dcmjs: {
    data: {
      DicomDict: new (meta: unknown) => { dict: unknown; write(): ArrayBuffer };
      DicomMessage: {
        readFile(buffer: ArrayBuffer, options?: Record<string, unknown>): { dict: unknown; meta: unknown };
      };
      DicomMetaDictionary: {
        naturalizeDataset(dict: unknown): Natural;
        denaturalizeDataset(dataset: Natural): unknown;
        nameMap: Record<string, { tag: string; vr: string; name: string } | undefined>;
      };
    };
    log: { setLevel(level: string): void };
  };
  export default dcmjs;
}
