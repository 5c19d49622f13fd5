#!/usr/bin/env node
// The `inquire` command. The server runs its TypeScript sources through tsx, so a
// checkout needs no separate server build step.
import { register } from 'tsx/esm/api';

// React's server renderer is several times slower in its development build.
process.env.NODE_ENV ??= 'production';
register();
await import('../src/main.ts');
