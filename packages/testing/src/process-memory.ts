import { readFileSync } from "node:fs";

/** A process's resident memory now and its peak since the last reset, in MB (Linux's /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
}
