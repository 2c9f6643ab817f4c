import { readFileSync } from "node:fs";

/** A process's resident memory now and its peak since the last reset, in MB (Linux's /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
}

/** A process's resident pages at one moment, in MB: its own, and those it shares by what they map. */
export type ResidentPages = { rss: number; own: number; shared: Map<string, number> };

export function residentPagesOf(pid: number): ResidentPages {
  let ownKb = 0;
  const sharedKb = new Map<string, number>();
  let mapping = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      mapping = head[1] || "[anonymous]";
      continue;
    }
    const field = /^(Private|Shared)_(?:Clean|Dirty):\s+(\d+) kB/.exec(line);
    if (field?.[1] === "Private") ownKb += Number(field[2]);
    else if (field) sharedKb.set(mapping, (sharedKb.get(mapping) ?? 0) + Number(field[2]));
  }
  const shared = new Map([...sharedKb].map(([mapping, kb]) => [mapping, kb / 1024]));
  const own = ownKb / 1024;
  return { rss: own + [...shared.values()].reduce((sum, mb) => sum + mb, 0), own, shared };
}

/**
 * The memory processes take together, in MB: each one's own pages, and the pages they share
 * (Node's own binary and libraries, mapped by every Node process from the same file) once, as the
 * machine holds them. For one process alone this is its resident memory.
 */
export function residentTogether(processes: readonly ResidentPages[]): number {
  const shared = new Map<string, number>();
  for (const { shared: mine } of processes) for (const [mapping, mb] of mine) shared.set(mapping, Math.max(shared.get(mapping) ?? 0, mb));
  return processes.reduce((sum, p) => sum + p.own, 0) + [...shared.values()].reduce((sum, mb) => sum + mb, 0);
}
