/**
 * Renders its children only once their place comes within reach of the viewport (and from then on). A page
 * puts the code-split parts a visitor has to scroll to behind it, so a first visit downloads and runs only
 * what it shows; the placeholder keeps roughly the room the content will take, so what is in view does not
 * move when it arrives.
 */
import { useRef, type ReactNode } from 'react';
import { useInView } from './useInView';

export interface NearViewProps {
  children: ReactNode;
  /** Height the placeholder keeps until the content is rendered (any CSS length). */
  placeholderHeight?: string;
  /** Instead of an empty box: what stands in the content's place until it is rendered (a skeleton of it). */
  placeholder?: ReactNode;
  /** How far outside the viewport counts as near (CSS margin syntax); 200px by default. */
  rootMargin?: string;
}

export function NearView({ children, placeholderHeight, placeholder, rootMargin }: NearViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, rootMargin);
  if (near) return <>{children}</>;
  return (
    <div ref={ref} style={placeholderHeight ? { minHeight: placeholderHeight } : undefined} data-near-view="waiting">
      {placeholder}
    </div>
  );
}
