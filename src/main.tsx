// Boots the browser app: restores a stored session before the first render (so a reload keeps
// the visitor signed in and on the same route), then renders the routes inside the jotai store.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { App } from './App';
import { restoreSessionAtom } from './auth/atoms';
import { store } from './store';
import './styles.css';

store.set(restoreSessionAtom);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
