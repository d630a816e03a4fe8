import { Navigate, Route, Routes } from 'react-router';
import { StockDetail } from './StockDetail';
import { StockHome } from './StockHome';

/** /stock: open a user product; /stock/:userProductId: its locations, items and edits. */
export function Component() {
  return (
    <Routes>
      <Route index element={<StockHome />} />
      <Route path=":userProductId" element={<StockDetail />} />
      <Route path="*" element={<Navigate to="/stock" replace />} />
    </Routes>
  );
}
