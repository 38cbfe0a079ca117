// The `svc-mock` bin in a child process, as the CLI tests and the packed-package tests run it:
// output collected, the banner awaited, and every child killed after its test.
import { type ChildProcess, spawn } from 'node:child_process';

/** A running `svc-mock` process and what it printed so far. */
export interface SvcMockProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** The exit code (`null` when a signal ended it). */
  exited: Promise<number | null>;
}

/** A `svc-mock` process whose banner has been printed, with the URL it listens on. */
export interface StartedSvcMock extends SvcMockProcess {
  url: string;
}

const children: ChildProcess[] = [];

/**
 * Kills (SIGKILL) every child this module started that is still running; call it in `afterEach`.
 *
 * @example
 * afterEach(killLeftoverProcesses);
 */
export function killLeftoverProcesses(): void {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * Runs `node <cli> <args>` with `SVC_MOCK_API_KEY` cleared (random keys) plus `env`.
 *
 * @example
 * const { exited, stderr } = runSvcMock(cli, ['--port', 'x']);
 */
export function runSvcMock(
  cli: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): SvcMockProcess {
  const child = spawn(process.execPath, [cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SVC_MOCK_API_KEY: '', ...options.env },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Starts `svc-mock --port 0 <args>` and waits for its whole banner.
 *
 * @example
 * const server = await startSvcMock(cli, ['--quiet']);
 * const key = bannerKey(server.stdout(), 'Development');
 */
export async function startSvcMock(
  cli: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<StartedSvcMock> {
  const started = runSvcMock(cli, ['--port', '0', ...args], options);
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /svc-mock listening on (http:\/\/\S+)[\s\S]*control API:/.exec(
        started.stdout(),
      );
      if (match?.[1]) resolve(match[1]);
    };
    started.child.stdout?.on('data', check);
    started.exited.then((code) =>
      reject(new Error(`svc-mock exited with ${code}: ${started.stderr()}`)),
    );
  });
  return { ...started, url };
}

/**
 * The API key the banner prints for an environment.
 *
 * @example
 * bannerKey(server.stdout(), 'Production');
 */
export function bannerKey(stdout: string, environment: string): string {
  const match = new RegExp(`${environment}\\s+_id=(\\w+)\\s+apiKey=([\\w-]+)`).exec(stdout);
  if (!match?.[2]) throw new Error(`no ${environment} line in:\n${stdout}`);
  return match[2];
}
