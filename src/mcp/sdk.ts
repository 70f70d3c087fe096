// The parts of the MCP SDK the server uses, named: the build makes this file dist/vendor/'s
// mcp-server.js, so only these are kept (the SDK's types module defines hundreds of schemas, each
// evaluated when loaded). The server imports it when it starts.
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
