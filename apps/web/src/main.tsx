// Entry point: one PrimeReact theme, PrimeIcons and PrimeFlex, the console's own styles, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { skipUnchangedPrimeReactStyleWrites } from './lib/style-writes.ts';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './app/styles.css';
import { App, queryClient } from './app/App.tsx';
import { prefetchConfiguration } from './lib/config/config.tsx';
import { prefetchScreenDataFor, preloadScreenFor } from './app/router.tsx';

skipUnchangedPrimeReactStyleWrites();
preloadScreenFor(window.location.pathname);
prefetchConfiguration(queryClient);
prefetchScreenDataFor(window.location.pathname, queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
