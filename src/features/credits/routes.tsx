import { Route, Routes } from 'react-router';
import { CreditsPage } from './CreditsPage';

/** /credits (search) and /credits/:id (the same page with a lead open beside the list). */
export function Component() {
  return (
    <Routes>
      <Route index element={<CreditsPage />} />
      <Route path=":id" element={<CreditsPage />} />
    </Routes>
  );
}
