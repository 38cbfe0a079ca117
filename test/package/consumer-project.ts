// A throwaway project that installs the packed package (`npm pack`) as a user's project would,
// with no network: the tarball is unpacked into its `node_modules`, and the package's
// dependencies and peers (ky, zod, msw) and the test tools (jest, ts-jest, typescript) are linked
// from this repository's `node_modules`, where `npm ci` put them from the npm registry. Nothing
// else is there: the package must run with what its package.json names.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './fresh-dist';

/** Tools a consumer test runs, linked next to the package's own dependencies. */
export const CONSUMER_TOOLS = ['jest', 'ts-jest', 'typescript', '@jest/globals', '@types/node'];

/** How a consumer project is set up. */
export interface ConsumerProjectOptions {
  /**
   * Packages left out of the project: neither linked as a dependency of the package nor as a
   * tool (for instance `msw`, the optional peer, to run the package as a user without it).
   */
  omit?: readonly string[];
  /** Packages linked besides the package's and CONSUMER_TOOLS, as the app's own dev dependencies. */
  tools?: readonly string[];
}

/** A consumer project on disk. */
export interface ConsumerProject {
  /** The project's folder. */
  directory: string;
  /** Writes a file of the project (folders are created). */
  write(path: string, text: string): void;
  /** Runs `node <args>` in the project; returns stdout and stderr together, throws on failure. */
  node(args: readonly string[]): string;
  /** Runs jest (this repository's copy) in the project with the given arguments. */
  jest(args: readonly string[]): string;
  /** Deletes the project. */
  remove(): void;
}

function link(directory: string, name: string): void {
  const target = join(root, 'node_modules', name);
  const path = join(directory, 'node_modules', name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path, 'dir');
}

/**
 * Packs the package (run `freshDist()` first) and installs the tarball into a new project.
 *
 * @example
 * ```ts
 * const project = createConsumerProject();
 * project.write('index.cjs', "require('@svc/api');");
 * project.node(['index.cjs']);
 * ```
 */
export function createConsumerProject(options: ConsumerProjectOptions = {}): ConsumerProject {
  const omitted = new Set(options.omit ?? []);
  const directory = mkdtempSync(join(tmpdir(), 'svc-consumer-'));
  const run = (args: readonly string[]) =>
    execFileSync(process.execPath, args, {
      cwd: directory,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const project: ConsumerProject = {
    directory,
    write(path, text) {
      mkdirSync(dirname(join(directory, path)), { recursive: true });
      writeFileSync(join(directory, path), text);
    },
    node(args) {
      try {
        return run(args);
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        throw new Error(`node ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
      }
    },
    jest(args) {
      return project.node([join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', ...args]);
    },
    remove() {
      rmSync(directory, { recursive: true, force: true });
    },
  };
  try {
    // `npm pack` prints the tarball's name last; --ignore-scripts: dist is already built.
    const packed = execFileSync(
      'npm',
      ['pack', '--ignore-scripts', '--silent', '--pack-destination', directory],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
      .trim()
      .split('\n')
      .at(-1);
    if (!packed) throw new Error('npm pack printed no tarball name');
    const installed = join(directory, 'node_modules', '@svc', 'api');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(directory, packed), '-C', installed, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const dependencies = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ];
    for (const name of [...dependencies, ...CONSUMER_TOOLS, ...(options.tools ?? [])]) {
      if (!omitted.has(name)) link(directory, name);
    }
    project.write(
      'package.json',
      `${JSON.stringify({ name: 'svc-consumer', private: true, dependencies: { '@svc/api': `file:${packed}` } }, null, 2)}\n`,
    );
  } catch (error) {
    project.remove();
    throw error;
  }
  return project;
}
