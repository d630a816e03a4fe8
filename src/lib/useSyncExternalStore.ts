// Stands in for `use-sync-external-store/shim` (which @lingui/react imports): React 19 has the hook built in,
// so the shim, a copy for React 17, would only add to first-paint JS.
export { useSyncExternalStore } from 'react';
