#!/usr/bin/env node
// Prints jest's totals as one plain closing line ("tests: N passed, N failed") that CI can read.
const { readFileSync } = require('fs');

const file = process.argv[2];
const result = JSON.parse(readFileSync(file, 'utf8'));
const skipped = result.numPendingTests + result.numTodoTests;
console.log(`tests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(result.success ? 0 : 1);
