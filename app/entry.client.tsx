import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// React DOM hydrates the server's document (docs/decisions/019-react.md). Parts whose code loads
// on demand (React.lazy) keep the server's HTML until their code arrives.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
