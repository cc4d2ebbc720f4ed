import axe from 'axe-core';

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on a rendered element in jsdom and returns readable
 * violations. jsdom has no layout, so colour contrast is left to the theme test and the end-to-end axe run.
 */
export async function axeViolations(element: Element = document.body): Promise<string[]> {
  const results = await axe.run(element, {
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
    rules: {
      'color-contrast': { enabled: false },
      // a component rendered alone is not a whole page
      region: { enabled: false },
      'page-has-heading-one': { enabled: false },
      'landmark-one-main': { enabled: false },
    },
  });
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
