/**
 * After a dismissed notice is removed from `container`, keeps the keyboard user's place: focus goes to the
 * next notice's first button, or to the main landmark when none is left, never lost with the removed button.
 * Runs on the next frame (once the notice is gone) and does nothing if focus already moved inside.
 */
export function focusAfterRemoval(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    if (container?.isConnected && container.contains(document.activeElement)) return;
    const target =
      (container?.isConnected ? container.querySelector<HTMLElement>('button') : null) ??
      document.querySelector<HTMLElement>('main');
    target?.focus();
  });
}
