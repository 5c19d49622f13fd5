/**
 * A server's memory, read from /proc (Linux only): the resident set of every process of its
 * tree (a primary and its workers), summed. Summed RSS counts the pages the processes share
 * (node's own code, mapped by each) once per process; the proportional set (PSS) splits each
 * shared page among its sharers, so the sum counts it once.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The process and all its descendants. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Summed resident memory of the processes, MB (10^6 bytes, as the 400 MB target). */
export function rssMB(pids: number[]): number {
  return sumMB(pids, 'status', /VmRSS:\s+(\d+)/);
}

/** Summed proportional set size of the processes, MB: shared pages counted once in all. */
export function pssMB(pids: number[]): number {
  return sumMB(pids, 'smaps_rollup', /^Pss:\s+(\d+)/m);
}

function sumMB(pids: number[], file: string, field: RegExp): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(field.exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return Math.round((kb * 1024) / 1e6);
}
