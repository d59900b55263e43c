import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come near the viewport (and stays true): widgets below the fold
 * load when scrolled to. Without IntersectionObserver (old browsers, jsdom) everything loads.
 */
export function useInView(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [ref, margin, seen]);
  return seen;
}
