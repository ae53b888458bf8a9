/**
 * `npm run lint`'s second half: the import graph of src/, built with the TypeScript compiler API
 * (every `import`, `import type`, `export … from` and `import()`, resolved as tsc resolves them),
 * must have no cycle between files and no import from a folder of a higher layer
 * (scripts/layers.mjs, docs/architecture.md). Prints what it found; exits 1 on any cycle or
 * upward import.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { LAYERED_FOLDERS, mayImport } from "./layers.mjs";

/** Files (absolute paths) and what each imports among them. */
export type ImportGraph = Map<string, string[]>;

/** Every `.ts` file under `dir`. */
function tsFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tsFiles(file));
    else if (entry.name.endsWith(".ts")) found.push(file);
  }
  return found.sort();
}

/** The import graph of the `.ts` files under `dir`: only imports that resolve to one of them count. */
export function importGraph(
  dir: string,
  options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
): ImportGraph {
  const files = tsFiles(path.resolve(dir));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && known.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The import cycles of `graph`: one per strongly connected group of files (Tarjan), each given
 * as a closed path through the group (its first file again at the end), shortest first.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.map((group) => cycleThrough(graph, group)).sort((a, b) => a.length - b.length);
}

/** A shortest closed path from the group's first file back to it, inside the group (breadth first). */
function cycleThrough(graph: ImportGraph, group: string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** The layered folder of a file of `srcDir` (`tactica` for src/tactica.ts), or null. */
function folderOf(srcDir: string, file: string): string | null {
  const [first, ...rest] = path.relative(srcDir, file).split(path.sep);
  const folder = rest.length ? first! : first!.replace(/\.ts$/, "");
  return LAYERED_FOLDERS.includes(folder) ? folder : null;
}

/** An import from a file to a file of a folder its own may not import. */
export interface UpwardImport {
  from: string;
  to: string;
}

/** The imports of `graph` (built from `srcDir`) that go to a folder the importing folder may not import. */
export function upwardImports(graph: ImportGraph, srcDir: string): UpwardImport[] {
  const root = path.resolve(srcDir);
  const found: UpwardImport[] = [];
  for (const [from, targets] of graph) {
    const folder = folderOf(root, from);
    if (!folder) continue;
    const allowed = new Set([folder, ...mayImport(folder)]);
    for (const to of targets) {
      const target = folderOf(root, to);
      if (target && !allowed.has(target)) found.push({ from, to });
    }
  }
  return found;
}

/** The files of src/ in no layer (a new top-level folder must be given one). */
export function unlayeredFiles(graph: ImportGraph, srcDir: string): string[] {
  const root = path.resolve(srcDir);
  return [...graph.keys()].filter((file) => folderOf(root, file) === null);
}

/** Checks the import graph of src/, prints what it found, and returns the exit status. */
export function importGraphCheck(): number {
  const root = process.cwd();
  const srcDir = path.join(root, "src");
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  const graph = importGraph(srcDir, config?.options);
  const rel = (file: string) => path.relative(root, file);
  const cycles = importCycles(graph);
  const upward = upwardImports(graph, srcDir);
  const unlayered = unlayeredFiles(graph, srcDir);
  const edges = [...graph.values()].reduce((n, targets) => n + targets.length, 0);
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map(rel).join(" → ")}`);
  for (const { from, to } of upward) console.error(`upward import: ${rel(from)} → ${rel(to)} (docs/architecture.md)`);
  for (const file of unlayered)
    console.error(`${rel(file)} is in no layer: add its folder to scripts/layers.mjs and docs/architecture.md`);
  const failed = cycles.length + upward.length + unlayered.length;
  console.log(
    `import graph of src/: ${graph.size} files, ${edges} imports; ${cycles.length} cycle(s), ${upward.length} upward import(s), ${unlayered.length} file(s) in no layer`,
  );
  return failed ? 1 : 0;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = importGraphCheck();
