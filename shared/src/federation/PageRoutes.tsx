/** Renders a remote's `pages` record as react-router routes: used by its standalone page and by `mount`. */
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

export interface PageRoutesProps {
  pages: Record<string, ComponentType>;
  notFound?: ComponentType;
}

export function PageRoutes({ pages, notFound: NotFound }: PageRoutesProps) {
  return (
    <Routes>
      {Object.entries(pages).map(([path, Page]) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      {NotFound ? <Route path="*" element={<NotFound />} /> : null}
    </Routes>
  );
}
