// What an editor shows on hover (issue 27): a response is shown by its name (`Subscriber`), not
// as an expanded object with `[x: string]: unknown`, and a field shows its doc comment. Read
// through TypeScript's language service, as editors do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const file = join(root, 'test', 'types', '__hover__.ts');
const source = `import { Svc } from '@svc/api';
const svc = new Svc({ secretKey: 'k' });
export async function run() {
  const subscriber = await svc.subscribers.retrieve('u');
  const answer = await svc.events.trigger({ name: 'w', to: 'u' });
  const page = await svc.subscribers.search();
  const topic = await svc.topics.retrieve('t');
  return [subscriber.email, answer.transactionId, page, topic];
}
`;

function languageService(): ts.LanguageService {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createLanguageService(
    {
      getScriptFileNames: () => [file],
      getScriptVersion: () => '1',
      getScriptSnapshot: (path) => {
        if (path === file) return ts.ScriptSnapshot.fromString(source);
        return ts.sys.fileExists(path)
          ? ts.ScriptSnapshot.fromString(readFileSync(path, 'utf8'))
          : undefined;
      },
      getCurrentDirectory: () => root,
      getCompilationSettings: () => options,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: (path) => path === file || ts.sys.fileExists(path),
      readFile: (path) => (path === file ? source : ts.sys.readFile(path)),
    },
    ts.createDocumentRegistry(),
  );
}

describe('hover in an editor', () => {
  const service = languageService();
  const hover = (text: string, offset = 0) => {
    const info = service.getQuickInfoAtPosition(file, source.indexOf(text) + offset);
    return {
      shown: ts.displayPartsToString(info?.displayParts),
      doc: ts.displayPartsToString(info?.documentation),
    };
  };

  it('compiles (the hover checks below read a valid program)', () => {
    expect(service.getSemanticDiagnostics(file).map((d) => d.messageText)).toEqual([]);
  });

  it('names the response types', () => {
    expect(hover('subscriber =').shown).toBe('const subscriber: Subscriber');
    expect(hover('answer =').shown).toBe('const answer: TriggerResponse');
    expect(hover('topic =').shown).toBe('const topic: Topic');
    expect(hover('page =').shown).toMatch(/^const page: CursorPage<Subscriber, /);
  });

  it("shows a field's doc comment, from the schema's key", () => {
    const email = hover('subscriber.email', 'subscriber.'.length);
    expect(email.shown).toBe('(property) email?: string | null | undefined');
    expect(email.doc).toMatch(/email address/i);
    const transactionId = hover('answer.transactionId', 'answer.'.length);
    expect(transactionId.shown).toBe('(property) transactionId: string');
    expect(transactionId.doc).toMatch(/Always sent/);
  });
});
