import { useEffect, useState } from 'react';

/**
 * False on the first render (and in the prerender, where effects never run), true once the browser has
 * painted the page: for what must not delay or change the first paint (a chunk loaded only then).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this one has been painted when its callback's task runs.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
