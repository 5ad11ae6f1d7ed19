import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";

/** What a walk of a folder found: every entry, and those another account could use (any group or other bit). */
export interface ModeWalk {
  checked: number;
  open: string[];
}

/**
 * Walks a folder (itself included) and lists each file, folder or socket with a permission bit for group or others,
 * as `0644 relative/path`. Symlinks are counted, not followed: their own bits mean nothing.
 * @param root the folder
 */
export function openToOthers(root: string): ModeWalk {
  const walk: ModeWalk = { checked: 0, open: [] };
  const visit = (entry: string) => {
    const stats = lstatSync(entry, { throwIfNoEntry: false });
    if (!stats) return;
    walk.checked++;
    if (stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) walk.open.push(`0${(stats.mode & 0o777).toString(8)} ${path.relative(root, entry) || "."}`);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return walk;
}

/**
 * The TCP ports a process listens on (Linux: its socket descriptors matched against /proc/net/tcp and tcp6).
 * @param pid the process
 */
export function listeningTcpPorts(pid: number | "self" = "self"): number[] {
  const inodes = new Set<string>();
  const fdDir = `/proc/${pid}/fd`;
  for (const fd of readdirSync(fdDir)) {
    try {
      const target = readlinkSync(path.join(fdDir, fd));
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed while we looked
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT, st 0A is LISTEN, inode is the tenth column.
      if (columns[3] === "0A" && inodes.has(columns[9]!)) ports.push(parseInt(columns[1]!.split(":")[1]!, 16));
    }
  }
  return ports.sort((a, b) => a - b);
}
