import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './RouteError';
import { AppRoutes } from './router';

/**
 * Routing (server state comes with the lazy parts that query, see ./queries; MUI's theme with the lazy parts
 * drawn with MUI, see ./themed); the shell and its pages inside an error boundary that offers a reload.
 */
export function App() {
  return (
    <BrowserRouter>
      {/* Whatever breaks outside a page (the shell itself) still shows its error; Retry reloads the page. */}
      <RouteErrorBoundary onReset={() => location.reload()}>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
