// Entry point: one PrimeReact theme, PrimeIcons and PrimeFlex, the console's own styles, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import 'primeflex/primeflex.css';
import './app/styles.css';
import { App } from './app/App.tsx';
import { preloadScreenFor } from './app/router.tsx';

preloadScreenFor(window.location.pathname);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
