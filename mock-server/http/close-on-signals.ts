/**
 * SIGINT/SIGTERM/SIGHUP handling for the `svc-mock` CLI, and a watch on the process that started
 * it: installed before the server starts, so a signal that arrives at any moment (during start,
 * right after the banner), or the parent going away (`npx -p @svc/api svc-mock & kill $!`), closes the server
 * and exits 0 instead of leaving the process with the port still bound (docs/http-server.md).
 *
 * @module
 */

/** How often the parent watch looks whether the process that started the CLI is gone. */
const PARENT_WATCH_MS = 200;

/** What {@link closeOnSignals} returns. */
export interface SignalShutdown {
  /**
   * Hands over the started server: a later signal closes it. Answers `true` when a signal already
   * came during start; the server is then being closed.
   */
  attach(server: { close(): Promise<void> }): boolean;
}

/**
 * Installs SIGINT, SIGTERM and SIGHUP handlers and the parent watch at once: the first signal, or
 * the parent's exit, closes the attached server (or the server attached later, when it comes
 * during start), prints `svc-mock stopped (<signal>)` (`parent exited` for the watch) and exits 0;
 * a second signal exits 1 at once.
 *
 * @example
 * ```ts
 * const shutdown = closeOnSignals();
 * const server = await startMockServer({ port: 4010 });
 * if (shutdown.attach(server)) return; // a signal came while starting
 * ```
 */
export function closeOnSignals(): SignalShutdown {
  let server: { close(): Promise<void> } | undefined;
  let signalled: string | undefined;

  const close = (target: { close(): Promise<void> }, signal: string) => {
    target.close().then(
      () => {
        console.log(`svc-mock stopped (${signal})`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('svc-mock: error while stopping:', error);
        process.exit(1);
      },
    );
  };

  const onSignal = (signal: string) => {
    if (signalled !== undefined) process.exit(1); // a second Ctrl+C does not wait
    signalled = signal;
    if (server !== undefined) close(server, signal);
    // Before the server is attached there is nothing to close yet: a signal that comes while
    // starting stops the CLI once start fails or the server is attached.
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // A parent that exits without passing a signal on (a shell's `kill $!` on `npx -p @svc/api svc-mock &`)
  // re-parents this process; Windows does not re-parent, so there this never fires.
  const parent = process.ppid;
  const parentWatch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(parentWatch);
    if (signalled === undefined) onSignal('parent exited'); // already stopping: not a second signal
  }, PARENT_WATCH_MS);
  parentWatch.unref();

  return {
    attach(started) {
      server = started;
      if (signalled === undefined) return false;
      close(started, signalled);
      return true;
    },
  };
}
