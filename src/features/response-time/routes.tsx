import { Navigate, Route, Routes } from 'react-router';
import { ResponseTimePage } from './ResponseTimePage';

/** /response-time is one page; any deeper path leads back to it. */
export function Component() {
  return (
    <Routes>
      <Route index element={<ResponseTimePage />} />
      <Route path="*" element={<Navigate to="/response-time" replace />} />
    </Routes>
  );
}
