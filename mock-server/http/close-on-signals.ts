/**
 * SIGINT/SIGTERM handling for the `svc-mock` CLI: installed before the server starts, so a
 * signal that arrives at any moment (during start, right after the banner) closes the server and
 * exits 0 instead of killing the process with the port still bound (docs/http-server.md).
 *
 * @module
 */

/** What {@link closeOnSignals} returns. */
export interface SignalShutdown {
  /**
   * Hands over the started server: a later signal closes it. Answers `true` when a signal already
   * came during start; the server is then being closed.
   */
  attach(server: { close(): Promise<void> }): boolean;
}

/**
 * Installs SIGINT and SIGTERM handlers at once: the first signal closes the attached server (or
 * the server attached later, when it comes during start), prints `svc-mock stopped (<signal>)`
 * and exits 0; a second signal exits 1 at once.
 */
export function closeOnSignals(): SignalShutdown {
  let server: { close(): Promise<void> } | undefined;
  let signalled: NodeJS.Signals | undefined;

  const close = (target: { close(): Promise<void> }, signal: NodeJS.Signals) => {
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

  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled !== undefined) process.exit(1); // a second Ctrl+C does not wait
    signalled = signal;
    if (server !== undefined) close(server, signal);
    // Before the server is attached there is nothing to close yet: a signal that comes while
    // starting stops the CLI once start fails or the server is attached.
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  return {
    attach(started) {
      server = started;
      if (signalled === undefined) return false;
      close(started, signalled);
      return true;
    },
  };
}
