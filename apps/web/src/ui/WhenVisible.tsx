import { useEffect, useRef, useState, type ReactNode } from 'react';

/** After the page has settled, a widget still off screen is rendered anyway when the browser is idle. */
const SETTLE_MS = 2000;

/**
 * Renders `children` once the placeholder comes near the viewport (IntersectionObserver) or, after the page has
 * settled, when the browser is idle (requestIdleCallback): charts and below-the-fold widgets do not compete with
 * the first paint. The placeholder keeps their place (no layout shift). Without IntersectionObserver (old
 * browsers, tests), renders at once.
 */
export function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The wrapper has no box of its own (display: contents keeps a grid's layout): its placeholders are watched.
    const watched = anchor.current ? [...anchor.current.children] : [];
    if (shown || watched.length === 0) return;
    const show = () => setShown(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '200px' });
    for (const element of watched) observer.observe(element);
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(show, { timeout: SETTLE_MS }) : window.setTimeout(show, 0);
    }, SETTLE_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [shown]);
  if (shown) return children;
  return <div ref={anchor} style={{ display: 'contents' }}>{placeholder}</div>;
}
