import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The portal shell arrives with the browser issue; until then the server's API is the product.
function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '3rem', maxWidth: 640 }}>
      <h1>Kestrel</h1>
      <p>
        The API is running. See the <a href="/api/docs">API documentation</a>.
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
