// The parts of the MCP SDK `mcp serve` uses, named: the build makes this file dist/vendor/mcp.cjs, so
// only these are kept (the SDK's types module defines hundreds of schemas, each evaluated when
// loaded), and the server and its stdio transport come in one file the program requires. The HTTP
// transport is an ES module of its own, loaded only for --http.
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
