/** The mark's shape (a sprouting leaf), shared with every app's favicon.svg (a test keeps them the same). */
export const TEND_MARK_PATH =
  'M16 25v-9m0 0c0-4 3-7 8-7 0 4-3 7-8 7Zm0 3c0-3-2.5-5.5-6.5-5.5 0 3 2.5 5.5 6.5 5.5Z';

/** Tend's mark: a sprouting leaf in a circle, in the primary colour (decorative; the name is the text). */
export function TendLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--mantine-primary-color-filled)" />
      <path
        d={TEND_MARK_PATH}
        fill="none"
        stroke="var(--mantine-primary-color-contrast)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
