import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '../../components/Loading';
import { patterns, urls } from '../../lib/urls';
import { StockDetail } from './StockDetail';
import { StockHome } from './StockHome';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** The bulk page and its spreadsheet code load only when opened. */
const BulkStock = lazy(() => import('./BulkStock'));

/** /stock: open a user product; /stock/bulk: export and import; /stock/:userProductId: its locations, items and edits. */
export function Component() {
  return (
    <Routes>
      <Route index element={<StockHome />} />
      <Route
        path="bulk"
        element={
          <Suspense fallback={<Loading />}>
            <BulkStock />
          </Suspense>
        }
      />
      <Route path={patterns.stock.detail} element={<StockDetail />} />
      <Route path="*" element={<Navigate to={urls.stock.index()} replace />} />
    </Routes>
  );
}
