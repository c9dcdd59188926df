import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers } from './app/error-log.ts';
import { Root } from './app/root.tsx';
import './styles.css';

installGlobalErrorHandlers();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
