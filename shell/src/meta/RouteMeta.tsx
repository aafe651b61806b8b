import { useEffect } from 'react';
import { applyDocumentMeta } from '@skylift/shared';

/**
 * Sets the route's title and description. Rendered before the page so that a page that sets its own title
 * (a package page) runs its effect later and wins.
 */
export function RouteMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    applyDocumentMeta({ title, description });
  }, [title, description]);
  return null;
}
