/**
 * `npm run link -- <Foundry data path>`: symlinks dist/ as Data/systems/tactica for development.
 * Run `npm run build:watch` beside it; the development build keeps hot reload in system.json.
 */
import fs from "node:fs";
import path from "node:path";

const dataPath = process.argv[2];
if (!dataPath) {
  console.error("Usage: npm run link -- <Foundry user data path> (the folder that contains Data/)");
  process.exit(1);
}
const systems = path.join(path.resolve(dataPath), "Data", "systems");
if (!fs.existsSync(systems)) {
  console.error(`No Data/systems folder in ${dataPath}: is this Foundry's user data path?`);
  process.exit(1);
}
const target = path.join(systems, "tactica");
const dist = path.resolve("dist");
if (fs.existsSync(target)) {
  const stat = fs.lstatSync(target);
  if (!stat.isSymbolicLink()) {
    console.error(`${target} exists and is not a link; move it away first.`);
    process.exit(1);
  }
  fs.unlinkSync(target);
}
fs.symlinkSync(dist, target, "dir");
console.log(`Linked ${target} → ${dist}`);
