import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The XML files named, folders expanded (recursively), in name order within a folder. */
export function listMessageFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else if (stat.isFile() && /\.xml$/i.test(path)) {
      out.push(path);
    }
  };
  for (const path of paths) visit(path);
  return out;
}

export const readMessage = (path: string): Uint8Array => readFileSync(path);
