import { Navigate, Route, Routes } from 'react-router';
import { patterns, urls } from '../../lib/urls';
import { StockDetail } from './StockDetail';
import { StockHome } from './StockHome';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** /stock: open a user product; /stock/:userProductId: its locations, items and edits. */
export function Component() {
  return (
    <Routes>
      <Route index element={<StockHome />} />
      <Route path={patterns.stock.detail} element={<StockDetail />} />
      <Route path="*" element={<Navigate to={urls.stock.index()} replace />} />
    </Routes>
  );
}
