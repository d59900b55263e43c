import fs from 'node:fs';
import path from 'node:path';

/**
 * An exclusive lock on the PGlite directory. PGlite has no lock of its own: two processes on one
 * directory both "work" and silently lose rows. The lock file holds the owner's pid; a lock whose
 * owner is gone (kill -9, power cut) is taken over.
 */
export class DataDirLockedError extends Error {}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'kestrel.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another Kestrel process (pid ${owner}). ` +
            'Stop that process first, or give this one its own DATA_DIR (or a DATABASE_URL).',
        );
      }
      fs.rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}: another process keeps taking the lock.`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
