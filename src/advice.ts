// What to do next, for a failure, worded at the edge where it is printed (report.ts, the MCP
// server's tool errors): from the error's kind, its HTTP status and what the transport saw. The
// transport only states facts, so its words never name a flag it knows nothing of.
import { ApiError, CliError, type Circumstance } from './errors.js';
import { likelyProvider } from './resources/models.js';

/** Where a newcomer changes the address a request went to. */
const CHANGE_BASE_URL =
  '`agents status` shows where the address comes from; change it with --base-url, AGENTS_BASE_URL or `agents login --base-url URL`, or run a local service with `agents emulator`.';
const CHECK_TOKEN = 'Check the token: run `agents login`, or set AGENTS_TOKEN.';
const SLOW = 'Raise --timeout if the service is slow.';

function forCircumstance(circumstance: Circumstance): string {
  switch (circumstance.type) {
    case 'proxy-unreachable':
      return `Check ${circumstance.variable}, or add the host to NO_PROXY.`;
    case 'proxy-closed':
    case 'proxy-silent':
      return `The proxy may not allow connections to this host: check ${circumstance.variable}, or add the host to NO_PROXY.`;
    case 'proxy-not-a-url':
      return 'Set it to the proxy address, e.g. http://proxy.example.com:3128, or unset it.';
    case 'refused':
      return `Is the service running? ${CHANGE_BASE_URL}`;
    case 'dns':
      return CHANGE_BASE_URL;
    case 'plain-http':
      return 'Use http:// in --base-url (see `agents status`).';
    case 'connect-timeout':
      return 'Check the network, or raise --timeout.';
    case 'slow':
      return SLOW;
    case 'redirect':
      return 'Set --base-url to the final address; agents does not follow redirects, so the token stays with the configured host.';
    case 'route-missing':
      return 'Check --base-url (see `agents status`): it is the address the API is served under, without /api/v1.';
    case 'unreadable-stream':
      return 'Run with --debug to see what came; check --base-url points at the agent service.';
    case 'dropped':
      return 'Try again.';
    case 'bare-500':
      return circumstance.tokenAccepted
        ? 'The service failed without saying why (it accepts the token). Try again, or run with --debug to see the exchange.'
        : `It answers every request with a bare 500, as it does for a token it cannot read. ${CHECK_TOKEN}`;
    case 'missing':
      return `\`${circumstance.command} list\` shows the ${circumstance.noun}s you can reach.`;
    case 'missing-link': {
      const pick = `Leave the id out on a terminal to pick from the ${circumstance.noun}s the service has.`;
      return circumstance.agentToo ? `\`agents list\` shows the agents you can reach. ${pick}` : pick;
    }
    case 'told-to-wait':
      return `The service asks to wait ${waitInWords(circumstance.seconds)} (Retry-After) before trying again: longer than agents waits by itself.`;
    case 'provider-unknown': {
      const provider = (circumstance.model && likelyProvider(circumstance.model)) ?? 'PROVIDER';
      return `The service cannot tell the provider of ${circumstance.model ?? 'this model'} by itself: pass --llm-provider ${provider} (in a file: llmProvider: ${provider}).`;
    }
  }
}

/** An answer's status said it all: what its kind calls for. */
function forStatus(error: ApiError): string | undefined {
  switch (error.kind) {
    case 'auth':
      return error.status === 402 ? undefined : CHECK_TOKEN;
    case 'not-found':
      return 'Check the id: `agents list` shows the agents you can reach.';
    case 'invalid-request':
      return error.status === 413
        ? 'The service, or a proxy in front of it, refuses a request this large: shorten the longest field.'
        : undefined;
    case 'rate-limited':
      return 'The service is rate limiting; wait and try again.';
    case 'server':
      // A proxy or gateway in front of the service answers these with its own page: not the token.
      if (error.status === 502 || error.status === 503 || error.status === 504)
        return 'A proxy or gateway in front of the service answered for it: the service may be down or restarting. Try again later, or run with --debug to see the exchange.';
      // The real service answers a token it cannot decode with exactly this: a bare 500.
      return error.plainText && error.status === 500
        ? 'The service failed without saying why. A wrong token looks like this: check it with `agents status`, or run `agents login` again.'
        : 'The service failed; try again, or run with --debug to see the exchange.';
    default:
      return undefined;
  }
}

/** A wait a person can picture: 45 s, 12 min, 27 h 47 min, 3 days. */
function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** The line printed under a failure: advice for what the transport saw, then the error's own hint. */
export function adviceFor(error: CliError): string | undefined {
  const advice = error.circumstance
    ? forCircumstance(error.circumstance)
    : error instanceof ApiError
      ? forStatus(error)
      : undefined;
  return [advice, error.hint].filter(Boolean).join(' ') || undefined;
}
