import type * as Yaml from 'yaml';

/** The yaml package, loaded on first use. It is CommonJS: bundled, its dynamic import has only a default export. */
export async function loadYaml(): Promise<typeof Yaml> {
  const module = (await import('yaml')) as typeof Yaml & { default?: typeof Yaml };
  return module.default ?? module;
}
