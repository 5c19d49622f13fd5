// Adds up the vitest JSON reports of every suite into one closing line.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${file.split('/').pop()}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
