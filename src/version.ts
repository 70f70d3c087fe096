import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
export const USER_AGENT = `agents-cli/${VERSION} (node ${process.version}; ${process.platform})`;
