import { createRoot } from 'react-dom/client';

// The buyers' storefront entry (decision 0019): React only, no console or studio code.
const root = document.getElementById('storefront');
if (root) createRoot(root).render(<main />);
