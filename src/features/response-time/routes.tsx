import { Navigate, Route, Routes } from 'react-router';
import { ResponseTimePage } from './ResponseTimePage';
import { urls } from '../../lib/urls';

/** /response-time is one page; any deeper path leads back to it. */
export function Component() {
  return (
    <Routes>
      <Route index element={<ResponseTimePage />} />
      <Route path="*" element={<Navigate to={urls.responseTime.index()} replace />} />
    </Routes>
  );
}
