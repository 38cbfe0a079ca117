#!/usr/bin/env node
// `svc-workflows`: workflows as files and typed triggers. See docs/workflows-as-code.md.
import { runSvc } from './run';

runSvc(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
}).then((code) => {
  process.exitCode = code;
});
