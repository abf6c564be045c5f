// Entry point: PrimeIcons and PrimeFlex, the console's own styles, the light or dark PrimeReact theme (linked
// by lib/theme before the first render), then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { skipUnchangedPrimeReactStyleWrites } from './lib/style-writes.ts';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './app/styles.css';
import { App, queryClient } from './app/App.tsx';
import { prefetchConfiguration } from './lib/config/config.tsx';
import { prefetchScreenDataFor, preloadScreenFor } from './app/router.tsx';
import { startTheme } from './lib/theme/theme.ts';

skipUnchangedPrimeReactStyleWrites();
preloadScreenFor(window.location.pathname);
prefetchConfiguration(queryClient);
prefetchScreenDataFor(window.location.pathname, queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The theme's stylesheet loads while the session, configuration and first screen are being fetched.
void startTheme().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
