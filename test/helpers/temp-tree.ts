import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * Small trees of files for the tests of the project's scripts (the source checks, the lint
 * configuration). Call it at a test file's top level: each call of the returned function writes
 * `files` (path → content, folders made as needed) into a fresh temporary folder and returns that
 * folder; every folder is removed after the file's tests.
 */
export function useTempTrees(prefix: string): (files: Record<string, string>) => string {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });
  return (files) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `tactica-${prefix}-`));
    roots.push(root);
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    }
    return root;
  };
}
