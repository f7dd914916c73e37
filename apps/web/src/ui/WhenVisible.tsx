import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport's bottom edge a placeholder starts its widget (a little ahead of the scroll). */
const AHEAD = '0px 0px 120px 0px';

/**
 * Renders `children` once the placeholder comes into (or just under) the viewport (IntersectionObserver): charts
 * and below-the-fold widgets cost nothing on the first screen — not their code, their data or their rendering —
 * and are drawn as the reader scrolls to them (keyboard focus scrolls too). The placeholder keeps their place (no
 * layout shift) and is marked `data-when-visible` (the end-to-end tests scroll through them as a reader would).
 * `settled` false holds the watch while the content above is still loading (its skeletons are not its height):
 * a placeholder that is near the viewport only then is not drawn for nothing. Without IntersectionObserver (old
 * browsers, tests), renders at once.
 */
export function WhenVisible({ children, placeholder, settled = true }: { children: ReactNode; placeholder: ReactNode; settled?: boolean }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The wrapper has no box of its own (display: contents keeps a grid's layout): its placeholders are watched.
    const watched = anchor.current ? [...anchor.current.children] : [];
    if (shown || !settled || watched.length === 0) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true), { rootMargin: AHEAD });
    for (const element of watched) observer.observe(element);
    return () => observer.disconnect();
  }, [shown, settled]);
  if (shown) return children;
  return (
    <div ref={anchor} style={{ display: 'contents' }} data-when-visible="">
      {placeholder}
    </div>
  );
}
