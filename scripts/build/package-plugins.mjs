// Plugins that change how bundled packages load, each for a reason measured or found.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The MCP SDK's ajv validator, only for elicitation (never used), replaced: see src/mcp/no-ajv-provider.ts. */
export const withoutSdkAjv = {
  name: 'mcp-sdk-without-ajv',
  setup(context) {
    context.onResolve({ filter: /validation\/ajv-provider\.js$/ }, (args) =>
      args.importer.includes('@modelcontextprotocol') ? { path: join(root, 'src/mcp/no-ajv-provider.ts') } : undefined,
    );
  },
};

/**
 * commander requires node:child_process when it loads, for executable subcommands, which the
 * program has none of: loading it (with dgram and the rest it needs) cost every command 1 ms on
 * Node 20. commander gets it on first use instead.
 */
export const childProcessOnFirstUse = {
  name: 'child-process-on-first-use',
  setup(context) {
    context.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('node_modules/commander/')
        ? { path: 'child_process', namespace: 'on-first-use' }
        : undefined,
    );
    context.onLoad({ filter: /.*/, namespace: 'on-first-use' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, name) => require('node:child_process')[name] });",
    }));
  },
};

/**
 * undici's client requires its HTTP/2 half when it loads, and with it node:http2, node:tls and
 * node:crypto, though a connection uses HTTP/2 only when TLS negotiates it: 4 MiB and 5 ms of
 * every request on Node 26. The client gets it on the first such connection instead.
 */
export const http2OnFirstUse = {
  name: 'http2-on-first-use',
  setup(context) {
    context.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.endsWith(join('undici', 'lib', 'dispatcher', 'client.js'))
        ? { path: 'undici/lib/dispatcher/client-h2.js', namespace: 'on-first-use', pluginData: args.resolveDir }
        : undefined,
    );
    context.onLoad({ filter: /client-h2\.js$/, namespace: 'on-first-use' }, (args) => ({
      contents: "module.exports = (...args) => require('./client-h2.js')(...args);",
      resolveDir: args.pluginData,
    }));
  },
};
