/**
 * What else the (shared, 2-core) machine is doing: CPU used by processes other than the bench and the
 * server it started, so a noisy measurement can be told from a slow site, and Next processes working
 * on the same .next, which a rebuild would break. Linux /proc only; elsewhere both report nothing.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

function readProc(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Busy and total jiffies of the whole machine (all cores). */
function machineJiffies(): { busy: number; total: number } | null {
  const line = readProc('/proc/stat')?.split('\n')[0];
  if (!line?.startsWith('cpu ')) return null;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** pid, process group and user+system jiffies of every process. */
function processes(): { pid: number; pgid: number; jiffies: number; cmdline: string }[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const out: { pid: number; pgid: number; jiffies: number; cmdline: string }[] = [];
  for (const pid of pids) {
    const stat = readProc(`/proc/${pid}/stat`);
    if (!stat) continue;
    // Fields after the command name (which may hold spaces), so index 0 is field 3 (state).
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = (readProc(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' ').trim();
    out.push({ pid: Number(pid), pgid: Number(rest[2]), jiffies: Number(rest[11]) + Number(rest[12]), cmdline });
  }
  return out;
}

export interface CpuSample {
  busy: number;
  total: number;
  ours: number;
}

/** Processes that count as the bench's own: this process and the process groups it started (server, Chromium). */
function ourJiffies(groups: (number | undefined)[]): number {
  return processes()
    .filter((proc) => proc.pid === process.pid || groups.includes(proc.pgid))
    .reduce((sum, proc) => sum + proc.jiffies, 0);
}

export function sampleCpu(groups: (number | undefined)[]): CpuSample | null {
  const machine = machineJiffies();
  return machine ? { ...machine, ours: ourJiffies(groups) } : null;
}

/** Share of the machine's CPU (0–100, all cores) used by other processes between two samples. */
export function foreignCpuPercent(before: CpuSample | null, after: CpuSample | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  const foreign = after.busy - before.busy - (after.ours - before.ours);
  return Math.max(0, Math.min(100, (foreign / (after.total - before.total)) * 100));
}

/** Next processes (build or server) other than ours whose working directory is `root`. */
export function nextProcessesIn(root: string, exceptPgid?: number): string[] {
  return processes()
    .filter((proc) => proc.pid !== process.pid && proc.pgid !== exceptPgid)
    .filter((proc) => /next-server|next(\.js)?\s+(build|start)|next\/dist\/bin\/next\s+(build|start)/.test(proc.cmdline))
    .filter((proc) => {
      try {
        return readlinkSync(`/proc/${proc.pid}/cwd`) === root;
      } catch {
        return false;
      }
    })
    .map((proc) => `${proc.pid} ${proc.cmdline.slice(0, 80)}`);
}
