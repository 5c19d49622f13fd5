export { buildApp, type AppOptions } from './app.js';
export { runCli } from './cli.js';
