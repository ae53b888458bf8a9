/**
 * Small zips made on the fly for the e2e tests (fake Foundry builds, fake module releases).
 */
import fs from "node:fs";
import path from "node:path";
import yazl from "yazl";

/** Writes a zip holding `files` (name → text) and returns its path. */
export function writeZip(file: string, files: Record<string, string>): Promise<string> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text, "utf8"), name);
    zip.end();
    zip.outputStream
      .pipe(fs.createWriteStream(file))
      .on("close", () => resolve(file))
      .on("error", reject);
  });
}

/**
 * A stand-in for Foundry's Node.js server, to exercise start, readiness and clean-up without
 * Foundry: it reads `--port` and `--dataPath` like Foundry's flags, prints one line, and answers
 * every request with its pid, script, flags, working folder and whether it sees FOUNDRY_LICENSE,
 * and, as `/api/status` does, `{active: false, version}` (`version` given here; none by default).
 * `ignoreTerm` makes it survive SIGTERM (to test the SIGKILL fallback).
 */
export function fakeFoundryServer({ ignoreTerm = false, version = "" } = {}): string {
  return `import http from "node:http";
const arg = (name) => process.argv.find((a) => a.startsWith("--" + name + "="))?.slice(name.length + 3);
const port = Number(arg("port"));
${ignoreTerm ? 'process.on("SIGTERM", () => {});' : ""}
console.log("fake Foundry on port " + port + ", licence in env: " + (process.env.FOUNDRY_LICENSE ? "yes" : "no"));
http.createServer((req, res) => {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ active: false, ${version ? `version: ${JSON.stringify(version)}, ` : ""}pid: process.pid, script: process.argv[1], dataPath: arg("dataPath"), argv: process.argv.slice(2), cwd: process.cwd() }));
}).listen(port, "127.0.0.1");
`;
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
