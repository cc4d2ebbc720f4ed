import { stylesToString, type InlineStylesInput } from '@mantine/core';
import { useInsertionEffect } from 'react';

/**
 * Mantine's `InlineStyles` (the rules of responsive style props, Grid, SimpleGrid, Flex and AppShell) without
 * a `<style>` element: the app builds put this module in its place (the Vite preset's
 * `tend:mantine-inline-styles` plugin), and it adds the same rules to one constructable stylesheet adopted by
 * the document. An inline `<style>` needs `'unsafe-inline'` (or a nonce a static host cannot give) in the
 * Content-Security-Policy; a stylesheet built through the CSSOM by the app's own script does not.
 * Rules are counted by their text: the same rules from two components are added once and removed with the last.
 */

export interface RuleSheet {
  replaceSync(text: string): void;
}

let sheet: RuleSheet | undefined;
const counts = new Map<string, number>();

function documentSheet(): RuleSheet | undefined {
  if (sheet) return sheet;
  if (
    typeof document === 'undefined' ||
    typeof CSSStyleSheet === 'undefined' ||
    !('replaceSync' in CSSStyleSheet.prototype)
  ) {
    return undefined;
  }
  const created = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, created];
  sheet = created;
  return sheet;
}

function flush() {
  documentSheet()?.replaceSync([...counts.keys()].join('\n'));
}

/** Adds rules (once however many components add the same); returns the function that removes them again. */
export function addRules(css: string): () => void {
  if (!css) return () => {};
  counts.set(css, (counts.get(css) ?? 0) + 1);
  if (counts.get(css) === 1) flush();
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    const left = (counts.get(css) ?? 1) - 1;
    if (left > 0) counts.set(css, left);
    else {
      counts.delete(css);
      flush();
    }
  };
}

/** The rules currently added (tests). */
export function currentRules(): string[] {
  return [...counts.keys()];
}

/** For tests: use this sheet instead of one adopted by the document, and forget every rule. */
export function resetRuleSheet(replacement?: RuleSheet): void {
  sheet = replacement;
  counts.clear();
}

/** Mantine's props (it may pass `deduplicate` and `<style>` attributes, which have no meaning here). */
export function InlineStyles({
  selector,
  styles,
  media,
  container,
}: InlineStylesInput & Record<string, unknown>) {
  const css = stylesToString({ selector, styles, media, container });
  // Before layout effects and paint, like the <style> element it replaces.
  useInsertionEffect(() => addRules(css), [css]);
  return null;
}
