// Network failures (no HTTP status) → what the user reads, with made-up error codes.
import { describe, expect, it } from 'vitest';
import { classifyNetworkError, networkError, safeHost } from '../../src/api/network-errors.js';
import { adviceFor } from '../../src/advice.js';

const failing = (code: string, message = `failed: ${code}`) => Object.assign(new Error(message), { code });

describe('classifyNetworkError', () => {
  it.each([
    ['ECONNREFUSED', 'refused'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['UND_ERR_CONNECT_TIMEOUT', 'connect-timeout'],
    ['ETIMEDOUT', 'connect-timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'headers-timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'idle-timeout'],
    ['ECONNRESET', 'reset'],
    ['EPIPE', 'reset'],
    ['UND_ERR_SOCKET', 'reset'],
    ['UND_ERR_CLOSED', 'reset'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['UND_ERR_ABORTED', 'aborted'],
    ['ABORT_ERR', 'aborted'],
    ['EWHATEVER', 'other'],
    ['', 'other'],
  ])('%j → %s', (code, failure) => {
    expect(classifyNetworkError(failing(code))).toBe(failure);
  });

  it('reads the code of the cause too, and an AbortError by name', () => {
    expect(classifyNetworkError({ cause: { code: 'ECONNREFUSED' } })).toBe('refused');
    expect(classifyNetworkError(Object.assign(new Error('x'), { name: 'AbortError' }))).toBe('aborted');
    expect(classifyNetworkError(undefined)).toBe('other');
  });
});

describe('networkError: one line naming the host, the kind that sets the exit code', () => {
  const URL_ = 'http://svc.example:8080/api/v1/agents';
  it.each([
    [
      'ECONNREFUSED',
      'unreachable',
      3,
      'could not connect to http://svc.example:8080: connection refused',
      'Is the service running? `agents status` shows where the address comes from; change it with --base-url, AGENTS_BASE_URL or `agents login --base-url URL`, or run a local service with `agents emulator`.',
    ],
    [
      'ENOTFOUND',
      'unreachable',
      3,
      'could not resolve svc.example:8080 (in http://svc.example:8080)',
      '`agents status` shows where the address comes from; change it with --base-url, AGENTS_BASE_URL or `agents login --base-url URL`, or run a local service with `agents emulator`.',
    ],
    ['ETIMEDOUT', 'timeout', 3, 'timed out connecting to svc.example:8080', 'Check the network, or raise --timeout.'],
    [
      'UND_ERR_HEADERS_TIMEOUT',
      'timeout',
      3,
      'svc.example:8080 did not answer within 7s',
      'Raise --timeout if the service is slow.',
    ],
    [
      'UND_ERR_BODY_TIMEOUT',
      'timeout',
      3,
      'svc.example:8080 sent nothing for 7s',
      'Raise --timeout if the service is slow.',
    ],
    [
      'ECONNRESET',
      'unreachable',
      3,
      'the connection to svc.example:8080 was closed unexpectedly (failed: ECONNRESET)',
      undefined,
    ],
    ['EWHATEVER', 'unreachable', 3, 'request to svc.example:8080 failed: failed: EWHATEVER', undefined],
    ['UND_ERR_ABORTED', 'interrupted', 130, 'interrupted', undefined],
  ])('%s', (code, kind, exit, message, hint) => {
    const error = networkError(failing(code), URL_, 7);
    expect([error.kind, error.exitCode, error.message, adviceFor(error)]).toEqual([kind, exit, message, hint]);
  });

  it('TLS: a plain-HTTP server is named as such; other TLS errors lose their OpenSSL prefix', () => {
    const plain = networkError(
      failing('ERR_SSL_WRONG_VERSION_NUMBER', 'C0B7:error:0A00010B:SSL routines:ssl3_get_record:wrong version number'),
      URL_,
      7,
    );
    expect([plain.message, adviceFor(plain)]).toEqual([
      'svc.example:8080 speaks plain HTTP, not HTTPS',
      'Use http:// in --base-url (see `agents status`).',
    ]);
    const expired = networkError(failing('CERT_HAS_EXPIRED', 'certificate has expired'), URL_, 7);
    expect(expired.message).toBe('TLS failure talking to svc.example:8080: certificate has expired');
    const stacked = networkError(
      failing('ERR_SSL_X', '80AB:error:0A000086:certificate verify failed:../deps/openssl/openssl/ssl/statem.c:1889:'),
      URL_,
      7,
    );
    expect(stacked.message).toBe('TLS failure talking to svc.example:8080: certificate verify failed');
  });

  it('safeHost keeps a URL it cannot read as it is', () => {
    expect(safeHost('http://a.example:1/x')).toBe('a.example:1');
    expect(safeHost('not a url')).toBe('not a url');
  });
});

describe('networkError: the rest of its promises', () => {
  const URL_ = 'http://svc.example:8080/api/v1/agents';

  it('a TLS-looking code only at the start counts; kinds of the TLS messages', () => {
    expect(classifyNetworkError(failing('XCERT_HAS_EXPIRED'))).toBe('other');
    expect(classifyNetworkError(new Error('no code'))).toBe('other');
    const plain = networkError(failing('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'), URL_, 7);
    const expired = networkError(failing('CERT_HAS_EXPIRED', 'certificate has expired'), URL_, 7);
    expect([plain.kind, plain.exitCode, expired.kind, expired.exitCode, adviceFor(expired)]).toEqual([
      'unreachable',
      3,
      'unreachable',
      3,
      undefined,
    ]);
  });

  it("OpenSSL's prefix and source location are cut only where OpenSSL puts them", () => {
    const reason = (message: string) =>
      networkError(failing('ERR_SSL_X', message), URL_, 7).message.replace(
        'TLS failure talking to svc.example:8080: ',
        '',
      );
    expect(reason('80AB:error:0A000086:bad:../deps/openssl/openssl/ssl/statem.c:1889')).toBe('bad');
    expect(reason('bad, see 80AB:error:0A000086: inside')).toBe('bad, see 80AB:error:0A000086: inside');
    expect(reason('bad:../deps/openssl/x.c:12: then more')).toBe('bad:../deps/openssl/x.c:12: then more');
    expect(reason('  certificate expired  ')).toBe('certificate expired');
  });

  it('something that is not an Error at all is still one line', () => {
    expect(networkError(undefined, URL_, 7).message).toBe('request to svc.example:8080 failed: undefined');
    expect(networkError('boom', URL_, 7).message).toBe('request to svc.example:8080 failed: boom');
  });

  it('behind a proxy, a refusal, a DNS failure or a connect timeout is the proxy’s; a reset is not', () => {
    const proxy = { variable: 'HTTP_PROXY', url: 'http://proxy.corp:3128' };
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT']) {
      const error = networkError(failing(code), URL_, 7, proxy);
      expect([error.kind, error.message, adviceFor(error)], code).toEqual([
        'unreachable',
        'could not reach the proxy proxy.corp:3128 (HTTP_PROXY) on the way to svc.example:8080',
        'Check HTTP_PROXY, or add the host to NO_PROXY.',
      ]);
    }
    expect(networkError(failing('ECONNRESET'), URL_, 7, proxy).message).toBe(
      'the connection to svc.example:8080 was closed unexpectedly (failed: ECONNRESET)',
    );
    expect(networkError(failing('UND_ERR_HEADERS_TIMEOUT'), URL_, 7, proxy).message).toBe(
      'svc.example:8080 did not answer within 7s',
    );
    // Without a proxy on the way, the plain message, even for a target that is not a URL.
    expect(networkError(failing('ECONNREFUSED'), 'not a url', 7).message).toBe(
      'could not connect to not a url: connection refused',
    );
  });
});
