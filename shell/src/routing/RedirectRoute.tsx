import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { isExternal } from '@skylift/shared/pages';
import { leaveSiteFor } from './fullPageNavigation';

/** One of the frame's redirects: in-site targets replace the history entry, external ones load the other site. */
export function RedirectRoute({ to }: { to: string }) {
  const external = isExternal(to);
  useEffect(() => {
    if (external) leaveSiteFor(to);
  }, [external, to]);
  if (!external) return <Navigate to={to} replace />;
  return (
    <article className="route-page">
      <h1>Redirecting…</h1>
      <p>
        Taking you to <a href={to}>{to}</a>.
      </p>
    </article>
  );
}
