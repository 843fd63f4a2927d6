// @lingui/react imports the use-sync-external-store shim for React 17; React 19 has the hook, so
// vite.config.ts points the shim here and the page does not download it (decision 0037).
export { useSyncExternalStore } from 'react';
