import type { UploadItem } from '../../api/service';

/**
 * Files of a drop, folders walked recursively (the File and Directory Entries API: a dropped
 * folder is an entry, not a File). Paths keep the folder, so results name the file the user knows.
 */
export async function filesOfDrop(transfer: DataTransfer): Promise<UploadItem[]> {
  const entries = [...transfer.items]
    .filter((i) => i.kind === 'file')
    .map((i) => i.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e);
  if (!entries.length) return [...transfer.files].map((file) => ({ file, path: file.name }));
  const out: UploadItem[] = [];
  for (const e of entries) await walk(e, out);
  return out;
}

async function walk(entry: FileSystemEntry, out: UploadItem[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((ok, fail) => (entry as FileSystemFileEntry).file(ok, fail));
    out.push({ file, path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches until it returns an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (!batch.length) break;
    for (const child of batch) await walk(child, out);
  }
}

/** Files of an <input type=file> (with webkitdirectory they carry their relative path). */
export const filesOfInput = (list: FileList | null): UploadItem[] =>
  [...(list ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
