import { build } from 'esbuild';
const r = await build({ stdin: { contents: `import { createSvcCore, eventsTrigger } from '@svc/api';
const core = createSvcCore({ secretKey: 'k' });
eventsTrigger(core, { name: 'welcome', to: 'user-1' });`, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], alias: { '@svc/api': process.cwd() + '/dist/index.js' }, external: ['ky', 'zod', 'zod/*'], metafile: true, write: false, logLevel: 'silent' });
const [o] = Object.values(r.metafile.outputs);
Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).forEach(([f, i]) => console.log(String(i.bytesInOutput).padStart(6), f));
