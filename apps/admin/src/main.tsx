import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initRuntimeConfig } from '@tend/config/runtime';

// Placeholder until the app's issue fills it: proves the build, the port and the runtime config.
function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Tend — Administration</h1>
      <p>This app is being built. The server status is at the API root&apos;s /server-status.</p>
    </main>
  );
}

try {
  initRuntimeConfig(import.meta.env);
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  createRoot(root).render(
    <StrictMode>
      <Placeholder />
    </StrictMode>,
  );
} catch (error) {
  console.error('Application bootstrap failed', error);
}
