#!/usr/bin/env node
// `npx service-widget doctor <baseUrl> --public-id … (--token … | --token-url …) [--page <url>] [--send]`
// (bin/doctor.mjs; docs/troubleshooting.md). Node 20, no dependencies.
import { doctor, USAGE } from './doctor.mjs';

const [command, ...rest] = process.argv.slice(2);
if (command === 'doctor') process.exitCode = await doctor(rest);
else {
  process.stdout.write(`${USAGE}\n`);
  process.exitCode = command === undefined || command === '--help' || command === 'help' ? 0 : 2;
}
