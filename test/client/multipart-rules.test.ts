// The client's multipart bodies (src/core/multipart.ts): an upload travels through the request
// layer as multipart/form-data (the platform's boundary, no JSON content type), with the
// service's field names, its idempotency key, and the whole body again on a retry.
import { Svc } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { toFormData } from '../../src/core/multipart';

interface Seen {
  contentType: string | null;
  idempotencyKey: string | null;
  form: FormData;
}

function uploadClient(statuses: number[]) {
  const seen: Seen[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      contentType: request.headers.get('content-type'),
      idempotencyKey: request.headers.get('idempotency-key'),
      form: await request.formData(),
    });
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)] ?? 200;
    const body =
      status === 200
        ? {
            data: {
              totalFiles: 1,
              successfulUploads: 1,
              failedUploads: 0,
              errors: [],
              success: true,
              message: 'ok',
            },
          }
        : { statusCode: status, message: 'busy' };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'retry-after': '0' },
    });
  };
  const svc = new Svc({
    secretKey: 'sk_test',
    baseUrl: 'https://api.example.test',
    fetch: fetchImpl as typeof fetch,
    maxRetries: 1,
  });
  return { svc, seen };
}

describe('multipart uploads', () => {
  it('sends fields and files as multipart/form-data, files[] named as given', async () => {
    const { svc, seen } = uploadClient([200]);
    await svc.translations.upload({
      resourceId: 'welcome',
      resourceType: 'workflow',
      files: [
        new File(['{"a":"A"}'], 'en_US.json'),
        { fileName: 'es_ES.json', content: new Blob(['{"a":"Á"}']) },
      ],
    });
    const [request] = seen;
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.form.get('resourceId')).toBe('welcome');
    expect(request?.form.get('resourceType')).toBe('workflow');
    const files = request?.form.getAll('files[]') as File[];
    expect(files.map((file) => file.name)).toEqual(['en_US.json', 'es_ES.json']);
    expect(await files[1]?.text()).toBe('{"a":"Á"}');
  });

  it('sends the whole body again, with the same key, on a retry', async () => {
    const { svc, seen } = uploadClient([503, 200]);
    await svc.translations.master.upload({ file: new File(['{"workflows":{}}'], 'en_US.json') });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.idempotencyKey).toBe(seen[0]?.idempotencyKey);
    const again = seen[1]?.form.get('file');
    expect(again).toBeInstanceOf(File);
    expect(await (again as File).text()).toBe('{"workflows":{}}');
  });

  it('toFormData skips absent values and writes other scalars as text', () => {
    const form = toFormData({ a: undefined, b: null, c: 3, d: 'x' });
    expect([...form.keys()]).toEqual(['c', 'd']);
    expect(form.get('c')).toBe('3');
  });
});
