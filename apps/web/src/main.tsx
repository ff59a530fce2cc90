import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import 'react-dom/client';

/**
 * The app starts in two steps, each evaluated in a task of its own: React here, then the rest
 * (start.tsx: Mantine, the router, the app). Evaluated together they were one task of 40-60 ms on a
 * fast machine, four times that on a slow phone, during which a tap on the already painted page went
 * unanswered. Both steps' scripts are fetched at once (scripts/prerender.mjs preloads the second step's;
 * decision 0019).
 */
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html.');
setTimeout(() => void import('./start').then(({ start }) => start(root)));
