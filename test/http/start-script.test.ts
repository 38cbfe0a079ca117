// `npm start` (scripts/start.mjs): a quiet build, the banner last, and signals that stop the
// server, through npm too (docs/http-server.md#start-it).
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDist, root } from '../package/fresh-dist';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(command: string, args: string[], cwd = root) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const banner = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /svc-mock listening on (http:\/\/\S+)[\s\S]*inspector/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    exited.then(({ code }) =>
      reject(new Error(`exited with ${code} before the banner: ${stderr}`)),
    );
  });
  banner.catch(() => {}); // awaited only by the tests that expect a banner
  return { child, banner, exited, stdout: () => stdout, stderr: () => stderr };
}

const refused = async (url: string) => {
  await expect(fetch(`${url}/__svc/clock`)).rejects.toThrow();
};

describe('npm start and signals', () => {
  beforeAll(() => freshDist(), 300_000);

  it('stops with exit 0 and frees the port on a SIGTERM right after the banner', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const started = run(process.execPath, ['scripts/start.mjs', '--port', '0', '--quiet']);
      const url = await started.banner;
      started.child.kill('SIGTERM');
      expect(await started.exited).toEqual({ code: 0, signal: null });
      expect(started.stdout()).toContain('svc-mock stopped (SIGTERM)');
      await refused(url);
    }
  });

  it('a SIGTERM to `npm start` itself stops the server and frees the port', async () => {
    const started = run('npm', ['start', '--silent', '--', '--port', '0', '--quiet']);
    const url = await started.banner;
    started.child.kill('SIGTERM'); // npm passes it to its shell only
    await started.exited;
    // The shell dies without passing the signal on: the CLI sees its parent go.
    await vi.waitFor(
      () => expect(started.stdout()).toMatch(/svc-mock stopped \((SIGTERM|parent exited)\)/),
      { timeout: 10_000 },
    );
    await vi.waitFor(() => refused(url), { timeout: 10_000 });
  });
});

describe('npm start: a quiet build, the banner last', () => {
  // A stand-in package: the real script, sources newer than dist, and a build that is loud.
  function fakePackage(build: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'svc-start-'));
    for (const folder of ['scripts', 'src', 'mock-server', 'dist']) mkdirSync(join(dir, folder));
    copyFileSync(join(root, 'scripts', 'start.mjs'), join(dir, 'scripts', 'start.mjs'));
    writeFileSync(join(dir, 'mock-server', 'x.ts'), '');
    writeFileSync(join(dir, 'src', 'x.ts'), '');
    writeFileSync(join(dir, 'dist', 'cli.js'), 'console.log("stale cli");\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'dist', 'cli.js'), past, past);
    writeFileSync(join(dir, 'build.mjs'), build);
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'fake', type: 'module', scripts: { build: 'node build.mjs' } }),
    );
    return dir;
  }

  it('prints one line for the build, then what the CLI prints', async () => {
    const dir = fakePackage(`
import { writeFileSync } from 'node:fs';
for (let i = 0; i < 300; i++) console.log('build output line ' + i);
console.error('a build warning');
writeFileSync('dist/cli.js', 'console.log("svc-mock listening on http://127.0.0.1:1 (banner)");\\n');
`);
    const started = run(process.execPath, ['scripts/start.mjs'], dir);
    expect((await started.exited).code).toBe(0);
    expect(started.stdout().trim().split('\n')).toEqual([
      'Building @svc/api (dist is missing or older than the sources)...',
      'svc-mock listening on http://127.0.0.1:1 (banner)',
    ]);
    expect(started.stderr()).not.toContain('a build warning');
  });

  it('shows the build output when the build fails, and exits with its status', async () => {
    const dir = fakePackage(`
console.log('src/x.ts(1,1): error TS1005');
process.exit(3);
`);
    const started = run(process.execPath, ['scripts/start.mjs'], dir);
    expect((await started.exited).code).toBe(3);
    expect(started.stdout()).toContain('src/x.ts(1,1): error TS1005');
    expect(started.stdout()).not.toContain('stale cli');
    expect(started.stderr()).toContain('The build failed');
  });
});
