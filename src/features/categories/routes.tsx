import { Route, Routes } from 'react-router';
import { patterns } from '../../lib/urls';
import { CategoryPage } from './CategoryPage';
import { SitePage } from './SitePage';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** /categories: the site's top level and the predictor; /categories/:site/:categoryId: one category. */
export function Component() {
  return (
    <Routes>
      <Route index element={<SitePage />} />
      <Route path={patterns.categories.detail} element={<CategoryPage />} />
      <Route path="*" element={<CategoryPage />} />
    </Routes>
  );
}
