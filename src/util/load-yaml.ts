import type * as Yaml from 'yaml';
import { importYaml } from './esm-vendor.js';

/** The yaml package, loaded on first use. It is CommonJS: bundled, its dynamic import has only a default export. */
export async function loadYaml(): Promise<typeof Yaml> {
  const module = (await importYaml()) as typeof Yaml & { default?: typeof Yaml };
  return module.default ?? module;
}
