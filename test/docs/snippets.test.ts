// Every fenced `ts` snippet of README.md and docs/*.md is type-checked, and the runnable ones run
// against the engine, so the docs cannot drift from the code (docs/decisions/0080).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setupSvcMock } from '@svc/api/mock/node';
import { HttpResponse, http } from 'msw';
import * as vitest from 'vitest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCS_SEED } from './docs-seed';
import { collectSnippets, type Snippet } from './snippets';
import { SNIPPET_DIR, type SnippetProblem, typecheckSnippets } from './typecheck';

const root = fileURLToPath(new URL('../..', import.meta.url));
const snippets = collectSnippets(root);
const directory = join(root, SNIPPET_DIR);
const label = (snippet: Snippet) => `${snippet.file}:${snippet.line}`;
const fileOf = (snippet: Snippet) => join(directory, `${snippet.id}.ts`);

/** A script owns its mock when it sets one up itself; others run against the suite's mock. */
const ownsItsMock = (snippet: Snippet) =>
  /\b(setupSvcMock|startMockServer|setupServer|createMockEngine)\(/.test(snippet.code);
const isTestModule = (snippet: Snippet) => /from ['"]vitest['"]/.test(snippet.code);

const runnable = snippets.filter((snippet) => snippet.mode === 'run');
const scripts = runnable.filter((snippet) => !isTestModule(snippet));
const testModules = runnable.filter(isTestModule);
const jestModules = snippets.filter((snippet) => snippet.mode === 'jest-globals');

// The modules to run must be files inside the repository so vitest resolves `@svc/api*`,
// `vitest` and `msw` for them as for any test.
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });
for (const snippet of [...runnable, ...jestModules]) writeFileSync(fileOf(snippet), snippet.code);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const importSnippet = (snippet: Snippet) =>
  import(/* @vite-ignore */ pathToFileURL(fileOf(snippet)).href);

it('finds the snippets of README.md and the guides', () => {
  const files = new Set(snippets.map((snippet) => snippet.file));
  expect(files).toContain('README.md');
  expect(files).toContain('docs/getting-started.md');
  expect(files).toContain('docs/client.md');
  expect(runnable.filter((snippet) => snippet.file === 'README.md').length).toBeGreaterThan(0);
});

describe('every snippet type-checks', () => {
  let problems: SnippetProblem[] = [];
  beforeAll(() => {
    problems = typecheckSnippets(
      root,
      snippets.filter((snippet) => snippet.mode !== 'fragment'),
    );
  }, 180_000);

  for (const snippet of snippets.filter((each) => each.mode !== 'fragment')) {
    it(label(snippet), () => {
      const mine = problems.filter((problem) => problem.snippet === snippet);
      expect(mine.map((problem) => problem.message)).toEqual([]);
    });
  }
});

/** Runs a script snippet, collecting what it logs. */
async function runScript(snippet: Snippet): Promise<string[]> {
  const logged: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
  });
  try {
    await importSnippet(snippet);
  } finally {
    log.mockRestore();
  }
  return logged;
}

function checkOutput(snippet: Snippet, logged: string[]) {
  if (snippet.expectedOutput) expect(logged).toEqual(snippet.expectedOutput);
}

/**
 * The most requests one snippet may send to the suite's mock: a page walk whose cursor repeats
 * its item then fails with a 400 instead of following pages for ever.
 */
const MAX_REQUESTS_PER_SNIPPET = 500;

describe('scripts run against a seeded mock', () => {
  const mock = setupSvcMock({ seed: DOCS_SEED, hooks: false });
  beforeAll(async () => {
    await mock.listen();
    process.env['SVC_SECRET_KEY'] = mock.engine.environment('Development').apiKey;
  });
  beforeEach(() => {
    let requests = 0;
    // Answers nothing (the engine's handlers answer) until the cap, then a 400 the client throws.
    mock.server.use(
      http.all('*', () => {
        requests += 1;
        if (requests <= MAX_REQUESTS_PER_SNIPPET) return undefined;
        return HttpResponse.json(
          {
            statusCode: 400,
            message: `More than ${MAX_REQUESTS_PER_SNIPPET} requests in one snippet: a page walk that never ends?`,
          },
          { status: 400 },
        );
      }),
    );
  });
  afterEach(() => mock.reset());
  afterAll(() => {
    mock.close();
    delete process.env['SVC_SECRET_KEY'];
  });

  for (const snippet of scripts.filter((each) => !ownsItsMock(each))) {
    it(label(snippet), async () => checkOutput(snippet, await runScript(snippet)));
  }
});

describe('scripts that set up their own mock run', () => {
  for (const snippet of scripts.filter(ownsItsMock)) {
    it(label(snippet), async () => checkOutput(snippet, await runScript(snippet)));
  }
});

// A snippet importing vitest is a test file: importing it while collecting registers its hooks
// and tests inside this describe, so they run as part of this suite.
for (const snippet of testModules) {
  describe(label(snippet), async () => {
    await importSnippet(snippet);
  });
}

// jest-style snippets use global hooks; vitest's functions stand in for jest's.
const JEST_GLOBAL_NAMES = [
  'beforeAll',
  'afterEach',
  'afterAll',
  'describe',
  'it',
  'test',
  'expect',
];
function installJestGlobals(): () => void {
  const scope = globalThis as Record<string, unknown>;
  const api = vitest as unknown as Record<string, unknown>;
  for (const name of JEST_GLOBAL_NAMES) scope[name] = api[name];
  return () => {
    for (const name of JEST_GLOBAL_NAMES) delete scope[name];
  };
}

for (const snippet of jestModules) {
  describe(label(snippet), async () => {
    let uninstall = installJestGlobals();
    // Installed while the snippet registers its hooks and tests, and again while they run.
    try {
      await importSnippet(snippet);
    } finally {
      uninstall();
    }
    beforeAll(() => {
      uninstall = installJestGlobals();
    });
    afterAll(() => uninstall());
  });
}
