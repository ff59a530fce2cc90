import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The stored language (and its direction) is in place before the first render, so a reload keeps Arabic.
initI18n()
  .catch(() => initI18n('en'))
  .finally(render);
