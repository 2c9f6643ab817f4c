import { readFileSync } from "node:fs";

/** A process's resident memory now and its peak since the last reset, in MB (Linux's /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
}

/**
 * The memory several processes take together, in MB: each one's private pages, and the pages they
 * share (Node's own binary and libraries, mapped by every Node process from the same file) once,
 * as the machine holds them. For one process alone this is its resident memory.
 */
export function memoryOfTogether(pids: readonly number[]): number {
  let privateKb = 0;
  const sharedKb = new Map<string, number>();
  for (const pid of pids) {
    const shared = new Map<string, number>();
    let mapping = "";
    for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) {
        mapping = head[1] || "[anonymous]";
        continue;
      }
      const field = /^(Private_Clean|Private_Dirty|Shared_Clean|Shared_Dirty):\s+(\d+) kB/.exec(line);
      if (!field) continue;
      const kb = Number(field[2]);
      if (field[1]!.startsWith("Private")) privateKb += kb;
      else shared.set(mapping, (shared.get(mapping) ?? 0) + kb);
    }
    for (const [mapping, kb] of shared) sharedKb.set(mapping, Math.max(sharedKb.get(mapping) ?? 0, kb));
  }
  return (privateKb + [...sharedKb.values()].reduce((sum, kb) => sum + kb, 0)) / 1024;
}
