import { Route, Routes } from 'react-router';
import { CategoryPage } from './CategoryPage';
import { SitePage } from './SitePage';

/** /categories: the site's top level and the predictor; /categories/:site/:categoryId: one category. */
export function Component() {
  return (
    <Routes>
      <Route index element={<SitePage />} />
      <Route path=":site/:categoryId" element={<CategoryPage />} />
      <Route path="*" element={<CategoryPage />} />
    </Routes>
  );
}
