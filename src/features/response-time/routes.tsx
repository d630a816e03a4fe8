import { Navigate, Route, Routes } from 'react-router';
import { urls } from '../../lib/urls';
import { ResponseTimePage } from './ResponseTimePage';
import './muiStyles.css';

export { default as prebuiltStyles } from './muiStyles.json';

/** /response-time is one page; any deeper path leads back to it. */
export function Component() {
  return (
    <Routes>
      <Route index element={<ResponseTimePage />} />
      <Route path="*" element={<Navigate to={urls.responseTime.index()} replace />} />
    </Routes>
  );
}
