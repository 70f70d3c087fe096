// The ES modules of dist/vendor/ (scripts/build/vendor.mjs), each imported from here alone. The
// build bundles this file on its own, as dist/esm-vendor.cjs, which Node's own loader compiles: the
// program itself is compiled from a vm.Script (bin/code-cache.js), where import() has no loader
// behind it without an experimental flag. In src/ (the tests) it is an ordinary module.
export const importYaml = () => import('yaml');
export const importJsoncParser = () => import('jsonc-parser');
export const importPrompts = () => import('@inquirer/prompts');
export const importOra = () => import('ora');
export const importConf = () => import('conf');
export const importAjv = () => import('ajv');
export const importAjv2019 = () => import('ajv/dist/2019.js');
export const importAjv2020 = () => import('ajv/dist/2020.js');
export const importAjvDraft04 = () => import('ajv-draft-04');
export const importDiff = () => import('diff');
export const importMcpHttp = () => import('@modelcontextprotocol/sdk/server/streamableHttp.js');
export const importCsvParse = () => import('csv-parse/sync');
