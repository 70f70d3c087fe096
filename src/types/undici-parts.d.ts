// Types for the undici files src/api/undici-parts.ts imports one by one (undici types only its index).
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import { ProxyAgent } from 'undici';
  export default ProxyAgent;
}

declare module 'undici/lib/api/index.js' {
  /** request, stream, pipeline, upgrade and connect, which undici's index assigns to Dispatcher.prototype. */
  const api: Record<string, (...args: never[]) => unknown>;
  export default api;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import { Dispatcher } from 'undici';
  export default Dispatcher;
}

declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}

declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
