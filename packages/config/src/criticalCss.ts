import postcss, { type AtRule, type Container, type Rule } from 'postcss';

/** The classes a selector needs on the page (what sits inside `:not(…)` is not needed). */
export function selectorClasses(selector: string): string[] {
  let s = '';
  for (let i = 0; i < selector.length;) {
    if (selector.startsWith(':not(', i)) {
      // Skip the whole :not(...) group, nested parentheses included.
      let depth = 0;
      let j = i + ':not'.length;
      for (; j < selector.length; j++) {
        if (selector[j] === '(') depth++;
        else if (selector[j] === ')' && --depth === 0) break;
      }
      i = j + 1;
    } else {
      s += selector[i];
      i++;
    }
  }
  return [...s.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
}

/** The class names of some markup's `class` attributes. */
export function markupClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g))
    for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c);
  return classes;
}

const KEEP_WHOLE = new Set([
  'keyframes',
  'font-face',
  'property',
  'counter-style',
  'font-feature-values',
  'import',
  'charset',
  'namespace',
]);

function prune(container: Container, used: Set<string>): void {
  container.each((node) => {
    if (node.type === 'rule') {
      const rule = node as Rule;
      const kept = rule.selectors.filter((sel) => selectorClasses(sel).every((c) => used.has(c)));
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selectors = kept;
    } else if (node.type === 'atrule') {
      const at = node as AtRule;
      if (KEEP_WHOLE.has(at.name.toLowerCase()) || !at.nodes) return;
      prune(at, used);
      if (at.nodes.length === 0) at.remove();
    }
  });
}

/**
 * The rules of a stylesheet a page's first paint can use: every rule with a selector whose classes all
 * appear in the page's markup (rules without classes, at-rules such as @font-face and @keyframes, and the
 * media and layer blocks around kept rules stay). The same algorithm as critical-CSS tools, written as a file
 * here because those inline the result in a `<style>` and swap stylesheets with inline `onload` handlers,
 * both refused by the apps' Content-Security-Policy.
 */
export function criticalCss(css: string, html: string): string {
  const root = postcss.parse(css);
  prune(root, markupClasses(html));
  return root.toString();
}
