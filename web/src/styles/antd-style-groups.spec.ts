import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ANTD_STYLE_GROUPS, stylesheetPath, UNSTYLED_ANTD_EXPORTS, type AntdStyleGroup } from './antd-style-groups';

const WEB_DIR = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = 'src/main.tsx';
const GROUPS = Object.keys(ANTD_STYLE_GROUPS) as AntdStyleGroup[];

interface Module {
  /** The web's modules it imports, at once or lazily, as paths from web/. */
  imports: string[];
  /** The stylesheets it imports, as paths from web/. */
  stylesheets: string[];
  /** antd's exports it imports by name, its types aside. */
  antd: string[];
}

function resolveModule(from: string, specifier: string): string {
  const base = resolve(WEB_DIR, dirname(from), specifier);
  const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ending) => base + ending).find(existsSync);
  if (!found) throw new Error(`${from} imports ${specifier}, which is no module of the web`);
  return relative(WEB_DIR, found);
}

const modules = new Map<string, Module>();

function moduleAt(path: string): Module {
  const known = modules.get(path);
  if (known) return known;
  const source = ts.createSourceFile(path, readFileSync(resolve(WEB_DIR, path), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const module: Module = { imports: [], stylesheets: [], antd: [] };
  const visit = (node: ts.Node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
        ? node.moduleSpecifier.text
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])
          ? node.arguments[0].text
          : undefined;
    if (specifier?.endsWith('.css')) {
      if (specifier.startsWith('.')) module.stylesheets.push(relative(WEB_DIR, resolve(WEB_DIR, dirname(path), specifier)));
    } else if (specifier?.startsWith('.')) {
      module.imports.push(resolveModule(path, specifier));
    }
    if (ts.isImportDeclaration(node) && specifier === 'antd' && !node.importClause?.isTypeOnly) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        module.antd.push(
          ...bindings.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text),
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  modules.set(path, module);
  return module;
}

/** The modules that import a group's stylesheet: the route modules that start it. */
function startsOf(group: AntdStyleGroup): string[] {
  if (group === 'shop') return [ENTRY];
  const starts: string[] = [];
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const module = moduleAt(path);
    if (module.stylesheets.includes(stylesheetPath(group))) starts.push(path);
    module.imports.forEach(visit);
  };
  visit(ENTRY);
  return starts;
}

/** What a group's starts reach through imports, at once or lazily, short of where another group starts. */
function reachOf(group: AntdStyleGroup): Set<string> {
  const starts = startsOf(group);
  const otherStarts = new Set(GROUPS.filter((other) => other !== group && other !== 'shop').flatMap(startsOf));
  const reached = new Set<string>();
  const visit = (path: string) => {
    if (reached.has(path) || otherStarts.has(path)) return;
    reached.add(path);
    moduleAt(path).imports.forEach(visit);
  };
  starts.forEach(visit);
  return reached;
}

describe("antd's stylesheets", () => {
  it.each(GROUPS)("%s: every antd component its screens use has its styles in the shop's stylesheet or the group's own", (group) => {
    const styled = new Set<string>([...UNSTYLED_ANTD_EXPORTS, ...ANTD_STYLE_GROUPS.shop, ...ANTD_STYLE_GROUPS[group]]);
    const unstyled = [...reachOf(group)].flatMap((path) =>
      moduleAt(path)
        .antd.filter((name) => !styled.has(name))
        .map(
          (name) =>
            `${path} uses ${name}: list it in ANTD_STYLE_GROUPS.${group}, or have its route module import the stylesheet of its group`,
        ),
    );
    expect(unstyled).toEqual([]);
  });

  it("has the shop's stylesheet imported by the entry, and every other by the route modules that start its group", () => {
    expect(moduleAt(ENTRY).stylesheets).toContain(stylesheetPath('shop'));
    expect(GROUPS.filter((group) => startsOf(group).length === 0)).toEqual([]);
  });
});
