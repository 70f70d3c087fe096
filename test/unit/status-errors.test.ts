// Every status the service can send → the kind of error → the exit code of the one table (src/errors.ts), and the
// message taken from each body shape, with exact values.
import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, kindOfStatus, oneLine, serviceMessage } from '../../src/api/response-errors.js';
import { adviceFor } from '../../src/advice.js';

describe('status → kind → exit code', () => {
  it.each([
    [400, undefined, 'invalid-request', 2],
    [401, undefined, 'auth', 4],
    [402, undefined, 'auth', 4],
    [403, undefined, 'auth', 4],
    [404, undefined, 'not-found', 5],
    [409, undefined, 'conflict', 1],
    [413, undefined, 'invalid-request', 2],
    [422, undefined, 'invalid-request', 2],
    [429, undefined, 'rate-limited', 1],
    [500, undefined, 'server', 1],
    [500, 'Agent not found', 'not-found', 5],
    [502, undefined, 'server', 1],
    [503, undefined, 'server', 1],
    [599, undefined, 'server', 1],
    [200, undefined, 'bad-response', 1],
    [302, undefined, 'bad-response', 1],
    [418, undefined, 'bad-response', 1],
  ] as const)('%i (detail %j) is %s, exit %i', (status, detail, kind, exit) => {
    expect(kindOfStatus(status, detail)).toBe(kind);
    const error = apiErrorFromResponse(
      status,
      'application/json',
      JSON.stringify(detail === undefined ? {} : { detail }),
    );
    expect([error.kind, error.exitCode, error.status]).toEqual([kind, exit, status]);
  });

  it('a hint for each kind that has one, none for 402 or 409', () => {
    const hint = (status: number, body = '{}', type = 'application/json') =>
      adviceFor(apiErrorFromResponse(status, type, body));
    expect(hint(401)).toBe('Check the token: run `agents login`, or set AGENTS_TOKEN.');
    expect(hint(402)).toBeUndefined();
    expect(hint(409)).toBeUndefined();
    expect(hint(422)).toBeUndefined();
    expect(hint(413)).toBe(
      'The service, or a proxy in front of it, refuses a request this large: shorten the longest field.',
    );
    expect(hint(429)).toBe('The service is rate limiting; wait and try again.');
    expect(hint(500, 'Internal Server Error', 'text/plain')).toMatch(
      /^The service failed without saying why\. A wrong token looks like this/,
    );
    expect(hint(500, '{"detail":"boom"}')).toBe(
      'The service failed; try again, or run with --debug to see the exchange.',
    );
  });
});

describe('the message of each body shape', () => {
  it.each([
    ['{"detail":"Agent not found"}', 'application/json', 'Agent not found', []],
    ['{"message":"quota"}', 'application/json', 'quota', []],
    ['{"error":"bad"}', 'application/json', 'bad', []],
    ['{"error":{"message":"nested"}}', 'application/json', 'nested', []],
    [
      '{"detail":[{"loc":["body","name"],"msg":"field required"}]}',
      'application/json',
      'the service rejected the request (422)',
      ['name: field required'],
    ],
    ['Internal Server Error', 'text/plain', 'HTTP 422: Internal Server Error', []],
    ['<html><title> Bad gateway </title><body>x</body></html>', 'text/html', 'HTTP 422: Bad gateway', []],
    ['<html><body><h1>Down</h1><script>x()</script></body></html>', 'text/html', 'HTTP 422: Down', []],
    ['', 'text/plain', 'HTTP 422 with an empty body', []],
  ])('%j', (body, type, message, details) => {
    const said = serviceMessage(422, type, body);
    expect([said.message, said.details]).toEqual([message, details]);
  });

  it('a long text body is cut at 200 characters, and says how much was left', () => {
    const said = serviceMessage(500, 'text/plain', `${'a'.repeat(200)}${'b'.repeat(50)}`);
    expect(said.message).toBe(`HTTP 500: ${'a'.repeat(200)}… 50 more bytes`);
  });

  it('a long detail is kept up to 2048 characters; at most 20 field lines, then a count', () => {
    expect(serviceMessage(400, 'application/json', JSON.stringify({ detail: 'x'.repeat(2048) })).message).toBe(
      'x'.repeat(2048),
    );
    expect(serviceMessage(400, 'application/json', JSON.stringify({ detail: 'x'.repeat(2050) })).message).toBe(
      `${'x'.repeat(2048)}… 2 more bytes`,
    );
    const many = Array.from({ length: 23 }, (_v, i) => ({ loc: ['body', `f${i}`], msg: 'bad' }));
    const details = serviceMessage(422, 'application/json', JSON.stringify({ detail: many })).details;
    expect(details).toHaveLength(21);
    expect(details.at(-1)).toBe('… 3 more');
  });

  it('a 404 on a collection, or with a bare "Not Found", names the missing route', () => {
    const site = { baseUrl: 'http://h:1', method: 'GET', path: '/api/v1/tools' };
    expect(apiErrorFromResponse(404, 'application/json', '{"detail":"x"}', site).message).toBe(
      'the service at http://h:1 has no /api/v1/tools',
    );
    const record = { baseUrl: 'http://h:1', method: 'GET', path: '/api/v1/tools/abc' };
    expect(apiErrorFromResponse(404, 'application/json', '{"detail":"Tool not found"}', record).message).toBe(
      'Tool not found',
    );
    expect(apiErrorFromResponse(404, 'application/json', '{"detail":"Not Found"}', record).message).toBe(
      'the service at http://h:1 has no /api/v1/tools/abc',
    );
  });
});

describe('the rest of the body shapes', () => {
  const message = (body: string, type = 'application/json', status = 500) => serviceMessage(status, type, body);

  it('a "not found" detail makes a 5xx a not-found, and nothing else', () => {
    expect(kindOfStatus(418, 'Agent not found')).toBe('bad-response');
    expect(kindOfStatus(500, 'Agent was found')).toBe('server');
  });

  it('JSON that is not an object is shown as text, with plainText false', () => {
    expect(message('null')).toEqual({ message: 'HTTP 500: null', details: [], plainText: false });
    expect(message('"a string"')).toEqual({ message: 'HTTP 500: "a string"', details: [], plainText: false });
    expect(message('5')).toEqual({ message: 'HTTP 500: 5', details: [], plainText: false });
    expect(message('{"error":{"code":5}}')).toEqual({
      message: 'HTTP 500: {"error":{"code":5}}',
      details: [],
      plainText: false,
    });
    expect(message('{"error":null}')).toEqual({ message: 'HTTP 500: {"error":null}', details: [], plainText: false });
  });

  it('plainText says whether the body was JSON', () => {
    expect(message('{"detail":"x"}')).toEqual({ message: 'x', details: [], detail: 'x', plainText: false });
    expect(message('{"message":"m"}')).toEqual({ message: 'm', details: [], detail: 'm', plainText: false });
    expect(message('{"detail":[]}').plainText).toBe(false);
    expect(message('oops', 'text/plain').plainText).toBe(true);
  });

  it('exactly 20 field lines get no count line', () => {
    const twenty = Array.from({ length: 20 }, (_v, i) => ({ loc: ['body', `f${i}`], msg: 'bad' }));
    expect(message(JSON.stringify({ detail: twenty }), 'application/json', 422).details).toHaveLength(20);
  });

  it('field lines of any shape: a bare string, null, no msg, a loc outside the body', () => {
    const detail = [
      'just text',
      null,
      { loc: ['body', 'x'], type: 't' },
      { loc: ['query', 'skip'], msg: 'bad' },
      { msg: 'no loc' },
    ];
    expect(message(JSON.stringify({ detail }), 'application/json', 422).details).toEqual([
      'just text',
      'null',
      'x: {"loc":["body","x"],"type":"t"}',
      'query.skip: bad',
      'no loc',
    ]);
  });

  it('HTML: the title (with attributes, not blank), else the text without scripts and styles', () => {
    expect(message('<title lang="en">Gateway</title>', 'text/html').message).toBe('HTTP 500: Gateway');
    expect(message('<title> </title><h1>Down</h1><p>now</p>', 'text/html').message).toBe('HTTP 500: Down now');
    expect(message('<style>p { color: red }</style><script>var a = 1;</script><p>Busy</p>', 'text/html').message).toBe(
      'HTTP 500: Busy',
    );
    expect(message('use <b>bold</b>', 'text/plain').message).toBe('HTTP 500: use <b>bold</b>');
    expect(message('<title lang="en">Gateway</title><body>Other</body>', 'text/html').message).toBe(
      'HTTP 500: Gateway',
    );
    expect(message('<p>one<script>x()</script>two</p>', 'text/html').message).toBe('HTTP 500: one two');
  });

  it('oneLine flattens whitespace and controls, and cuts only past the limit', () => {
    expect(oneLine('a\n\tb\u0007c  d')).toBe('a b c d');
    expect(oneLine('abc', 3)).toBe('abc');
    expect(oneLine('abcd', 3)).toBe('ab…');
  });
});
