/** Finding literal translation keys in source (with the TypeScript parser) and looking them up in namespaces. */
import ts from 'typescript';

/** One literal translation key found in source: `t('key')`, `tk('key')`, `i18n.t('ns:key')`, `<Trans i18nKey="key">`. */
export interface KeyUsage {
  file: string;
  line: number;
  key: string;
  /** Set when the key names its namespace (`ns:key`). */
  ns?: string;
}

/**
 * The functions whose first argument is a key, with the namespace each one implies (null: the file's
 * namespaces). E.g. `{ t: null, tk: null, ta: 'auth' }` when `ta` is a t fixed to the `auth` namespace.
 */
export type KeyFunctions = Record<string, string | null>;

export const DEFAULT_KEY_FUNCTIONS: KeyFunctions = { t: null, tk: null };

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return literalText(node.expression);
  }
  return undefined;
}

function calleeName(expr: ts.Expression): string | undefined {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

/**
 * The literal keys used in one source text, found with the TypeScript parser (comments and look-alike calls
 * are not usages): `t('key')`, `i18n.t('ns:key')`, `tk('key')`, `<Trans i18nKey="key">`. Keys built at run
 * time are not seen: keep them as `tk('literal')`.
 */
export function extractKeyUsages(
  source: string,
  file = '<source>.tsx',
  keyFunctions: KeyFunctions = DEFAULT_KEY_FUNCTIONS,
): KeyUsage[] {
  const kind = /\.[cm]?[jt]s$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const usages: KeyUsage[] = [];
  const add = (raw: string, at: ts.Node, impliedNs: string | null = null) => {
    const colon = raw.indexOf(':');
    const hasNs =
      colon > 0 && /^[a-z][\w-]*$/i.test(raw.slice(0, colon)) && !raw.slice(colon + 1).startsWith(' ');
    const ns = hasNs ? raw.slice(0, colon) : impliedNs;
    usages.push({
      file,
      line: sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1,
      key: hasNs ? raw.slice(colon + 1) : raw,
      ...(ns ? { ns } : {}),
    });
  };
  const visit = (node: ts.Node) => {
    const fn = ts.isCallExpression(node) ? calleeName(node.expression) : undefined;
    if (
      ts.isCallExpression(node) &&
      fn !== undefined &&
      Object.prototype.hasOwnProperty.call(keyFunctions, fn)
    ) {
      const key = literalText(node.arguments[0]);
      if (key !== undefined) add(key, node, keyFunctions[fn]);
    } else if (ts.isJsxAttribute(node) && node.name.getText(sf) === 'i18nKey') {
      const key = literalText(node.initializer);
      if (key !== undefined) add(key, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return usages;
}

const PLURAL_SUFFIXES = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];

/** True when `key` (dotted path, plural forms allowed) is a string or object in one of the namespaces. */
export function hasKey(resources: Record<string, unknown>[], key: string): boolean {
  return resources.some((res) =>
    PLURAL_SUFFIXES.some((suffix) => {
      let node: unknown = res;
      for (const part of `${key}${suffix}`.split('.')) {
        if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part))
          return false;
        node = (node as Record<string, unknown>)[part];
      }
      return node !== undefined;
    }),
  );
}
