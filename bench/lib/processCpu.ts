import fs from 'node:fs';

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's utime and stime: 100 on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) a process has used so far, from
 * /proc/<pid>/stat (Linux): how the benches charge the sandbox's process,
 * which wall time on a shared machine cannot. Undefined where /proc is not.
 */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is the
    // 14th field, stime the 15th, counted in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds this process has used so far. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
