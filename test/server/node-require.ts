/**
 * Node's own require, outside Jest's module sandbox. Needed for packages Jest's CommonJS runtime
 * cannot load: ES-module-only ones (Node 20.19+ requires them natively).
 */
export function nodeRequire(name: string): unknown {
  const { createRequire } = process.getBuiltinModule('node:module');
  return createRequire(`${process.cwd()}/package.json`)(name);
}
