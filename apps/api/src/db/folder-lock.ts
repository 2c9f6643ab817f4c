import { readFile, rm, writeFile } from "node:fs/promises";

/**
 * PGlite keeps its database in a folder that only one process may open: a second one corrupts it
 * or aborts. So whoever opens the folder (the shop, `npm run admin`, `npm run mail:outbox`) first
 * writes `<folder>.lock` with its process id, and removes it on close. A lock whose process is gone
 * (a crash, a killed container) is taken over; so is one with this process's own id, which after a
 * restart is a previous run's (a container's first process always has the same id).
 */
export class FolderInUseError extends Error {}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the folder's lock, or throws FolderInUseError naming the process that has it; resolves to the release. */
export async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: "wx" });
      return async () => {
        const holder = await readFile(file, "utf8").catch(() => "");
        if (Number(holder.trim()) === process.pid) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const pid = Number((await readFile(file, "utf8").catch(() => "")).trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && running(pid)) {
      throw new FolderInUseError(
        `The embedded database in ${dir} is open in another process (pid ${pid}, probably the running shop): ` +
          "PGlite can be used by one process at a time. Stop the shop first, or run the shop on PostgreSQL (DATABASE_URL). " +
          `If no shop is running, delete ${file}.`,
      );
    }
    await rm(file, { force: true });
  }
  throw new FolderInUseError(`Could not take the lock ${file} of the embedded database: another process keeps taking it.`);
}
