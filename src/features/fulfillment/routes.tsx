import { Navigate, Route, Routes } from 'react-router';
import { patterns, urls } from '../../lib/urls';
import { OperationsPage } from './OperationsPage';
import { StockPage } from './StockPage';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** /fulfillment: the stock of one inventory; /fulfillment/operations: the log of stock operations. */
export function Component() {
  return (
    <Routes>
      <Route index element={<StockPage />} />
      <Route path={patterns.fulfillment.operations} element={<OperationsPage />} />
      <Route path="*" element={<Navigate to={urls.fulfillment.index()} replace />} />
    </Routes>
  );
}
