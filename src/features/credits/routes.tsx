import { Route, Routes } from 'react-router';
import { patterns } from '../../lib/urls';
import { CreditLeadsPage } from './CreditLeadsPage';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** /credits (search) and /credits/:id (the same page with a lead open beside the list). */
export function Component() {
  return (
    <Routes>
      <Route index element={<CreditLeadsPage />} />
      <Route path={patterns.credits.detail} element={<CreditLeadsPage />} />
    </Routes>
  );
}
