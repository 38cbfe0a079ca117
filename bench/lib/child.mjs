// Runs one bench module in its own process (so heaps never mix) and sends its rows to the
// parent over IPC. Usage (from run.mjs): fork('lib/child.mjs', [moduleUrl], { execArgv }).
const [moduleUrl] = process.argv.slice(2);

try {
  const { default: run } = await import(moduleUrl);
  if (typeof run !== 'function') throw new Error('a bench module must default-export run()');
  const rows = await run();
  if (!Array.isArray(rows)) throw new Error('run() must answer an array of rows');
  process.send({ rows });
} catch (error) {
  process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
}
