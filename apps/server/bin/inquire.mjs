#!/usr/bin/env node
// The `inquire` command. The server runs its TypeScript sources through tsx, so a
// checkout needs no separate server build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
