/**
 * `npm run lint`'s check for dead exports: every name a file of src/ exports must be read — imported
 * by another file (of src/, of the tests, of the scripts) or used by its own file. An export nothing
 * reads is dead code. Read syntactically (one
 * parse per file, no type checker): `import { a }`, `import type { a }`, `export { a } from`,
 * `typeof import("…").a` name what they use; `import * as`, `export * from`, a bare `import("…")` and
 * `typeof import("…")` use the whole module. Only relative specifiers are followed (the code has no
 * other kind of import of its own files).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** A file's exports: each exported name and the line it is declared on. */
type Exports = Map<string, number>;

/** What the files use of one module: its names, or `"*"` when they use all of it. */
type Uses = Map<string, Set<string>>;

/** Every `.ts` file under `dir` (`dir` itself when it is one; none when it does not exist). */
function tsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return [path.resolve(dir)];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : tsFiles(file);
    return /\.(m?ts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path.resolve(file)] : [];
  });
}

/** The `.ts` file a relative specifier of `from` names, or null. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, path.join(base, "index.ts"), base.replace(/\.m?js$/, ".ts")];
  return candidates.find((file) => file.endsWith(".ts") && fs.existsSync(file)) ?? null;
}

const hasExport = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names `source` exports by declaration or by `export { … }` (re-exports included), with their lines. */
function exportsOf(source: ts.SourceFile): Exports {
  const found: Exports = new Map();
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) found.set(element.name.text, line(element));
    } else if (ts.isVariableStatement(statement) && hasExport(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) found.set(declaration.name.text, line(declaration));
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      hasExport(statement) &&
      statement.name
    ) {
      found.set(statement.name.text, line(statement));
    }
  }
  return found;
}

/** Records that `from` uses `name` (or all, `"*"`) of the module `specifier` names. */
function use(uses: Uses, from: string, specifier: string, name: string): void {
  const target = resolve(from, specifier);
  if (!target) return;
  const names = uses.get(target) ?? new Set<string>();
  names.add(name);
  uses.set(target, names);
}

/** What `source` uses of the modules it imports. */
function collectUses(source: ts.SourceFile, uses: Uses): void {
  const from = source.fileName;
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : "";
      const clause = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (clause && (ts.isNamedImports(clause) || ts.isNamedExports(clause)))
        for (const element of clause.elements) use(uses, from, specifier, (element.propertyName ?? element.name).text);
      else if (ts.isImportDeclaration(node) && node.importClause?.name && !clause)
        use(uses, from, specifier, "default");
      else use(uses, from, specifier, "*");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal))
        use(uses, from, literal.text, node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : "*");
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) use(uses, from, argument.text, "*");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** An export of src/ no other file imports. */
export interface DeadExport {
  file: string;
  name: string;
  line: number;
}

/** How many identifiers of `source` read `name` (its declaration included). */
function mentions(source: ts.SourceFile, name: string): number {
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) count++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

/**
 * The exports of the files under `srcDir` that nothing reads: no file under `srcDir` or `consumers`
 * imports them, and their own file names them only where it declares them (a name a file exports and
 * uses itself — a type in an exported signature, a constant of its own — is not dead code).
 */
export function deadExports(srcDir: string, consumers: readonly string[] = []): DeadExport[] {
  const src = tsFiles(srcDir);
  const sources = [...new Set([...src, ...consumers.flatMap(tsFiles)])].map((file) =>
    ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS),
  );
  const uses: Uses = new Map();
  for (const source of sources) collectUses(source, uses);
  const dead: DeadExport[] = [];
  for (const source of sources) {
    // A `.check.ts` file exports its type-level checks so that the compiler evaluates them.
    if (!src.includes(source.fileName) || source.fileName.endsWith(".check.ts")) continue;
    const used = uses.get(source.fileName) ?? new Set<string>();
    if (used.has("*")) continue;
    for (const [name, line] of exportsOf(source))
      if (!used.has(name) && mentions(source, name) <= 1) dead.push({ file: source.fileName, name, line });
  }
  return dead;
}

/** Runs the check on this repository: src/, used by src/, test/, scripts/ and the configs at its root. */
export function deadExportsCheck(root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")): number {
  const configs = fs.readdirSync(root).filter((name) => /\.config\.(m?ts)$/.test(name));
  const dead = deadExports(path.join(root, "src"), [
    path.join(root, "test"),
    path.join(root, "scripts"),
    ...configs.map((name) => path.join(root, name)),
  ]);
  for (const { file, name, line } of dead)
    process.stderr.write(`${path.relative(root, file)}:${line}: \`${name}\` is exported and imported nowhere\n`);
  process.stdout.write(`dead exports in src/: ${dead.length}\n`);
  return dead.length ? 1 : 0;
}
