// The inspector page, bundled at build time by scripts/inspector-page.mjs (tsup and vitest
// answer this specifier with its plugins).
declare module 'virtual:svc-inspector-page' {
  const assets: { script: string; css: string };
  export default assets;
}
