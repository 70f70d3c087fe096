// The one rule for secrets in settings: which keys name a secret, and which values carry one
// under any key. A table each, so a change of the rule shows as a row that changed.
import { describe, expect, it } from 'vitest';
import {
  holdsCredential,
  isCredentialHeader,
  isSecretKey,
  redactCredentialsIn,
  redactJsonText,
  redactSecrets,
} from './redact.js';
import { REDACTED } from './known.js';

describe('secret-named keys, in any case and with any separator', () => {
  it.each([
    ['apiKey', true],
    ['zapierNlaApiKey', true],
    ['access_token', true],
    ['client_secret', true],
    ['privateKey', true],
    ['credentials', true],
    ['Authorization', true],
    ['authorization', true],
    ['proxy-authorization', true],
    ['auth', true],
    ['AUTH', true],
    ['basicAuth', true],
    ['cookie', true],
    ['Set-Cookie', true],
    ['pass', true],
    ['db_pass', true],
    ['pwd', true],
    ['DB_PWD', true],
    ['jwt', true],
    ['jwtSecret', true],
    ['session', true],
    ['userSession', true],
    ['X-API-KEY', true],
    ['APIKey', true],
    ['region', false],
    ['url', false],
    ['authType', false],
    ['passThrough', false],
    ['sessionId', false],
    ['sessionTimeout', false],
    ['name', false],
    ['description', false],
    ['monkey', false],
    ['tokenizer', false],
  ])('%s → %s', (key, secret) => {
    expect(isSecretKey(key)).toBe(secret);
  });

  it('credential headers include session and jwt names', () => {
    expect(isCredentialHeader('X-Session')).toBe(true);
    expect(isCredentialHeader('X-Jwt-Assertion')).toBe(true);
    expect(isCredentialHeader('Content-Type')).toBe(false);
  });
});

describe('values that carry a credential under any key', () => {
  it.each([
    ['https://user:pw-secret@host.example/x', 'https://user:[redacted]@host.example/x'],
    ['postgres://u:pw@db.example:5432/app', 'postgres://u:[redacted]@db.example:5432/app'],
    ['see https://me:hunter22@x.example/a and more', 'see https://me:[redacted]@x.example/a and more'],
    ['https://api.example/v1?api_key=abc123&region=eu', 'https://api.example/v1?api_key=[redacted]&region=eu'],
    ['Server=db;User Id=me;Password=p4ss-w0rd;', 'Server=db;User Id=me;Password=[redacted];'],
    ['https://host.example/x', 'https://host.example/x'],
    ['https://user@host.example/x', 'https://user@host.example/x'],
    ['use key=value pairs in the prompt', 'use key=value pairs in the prompt'],
    ['a=1&b=2', 'a=1&b=2'],
    ['plain words', 'plain words'],
  ])('%s', (value, shown) => {
    expect(redactCredentialsIn(value)).toBe(shown);
    expect(holdsCredential(value)).toBe(value !== shown);
  });
});

describe('redactSecrets over settings', () => {
  it('hides values under secret-named keys at any depth, credentials in any value, and keeps the rest', () => {
    const metadata = {
      url: 'https://user:pw-secret@host.example/x',
      headers: { Authorization: 'Bearer abc.def', Accept: 'application/json', cookie: 'sid=1' },
      nested: { deeper: { client_secret: 's3cr3t-value', pass: 'p', region: 'eu' } },
      sessionId: 'kept-as-is',
      list: [{ jwt: 'eyJhbGciOi' }],
    };
    expect(redactSecrets(metadata)).toEqual({
      url: 'https://user:[redacted]@host.example/x',
      headers: { Authorization: '[redacted]', Accept: 'application/json', cookie: '[redacted]' },
      nested: { deeper: { client_secret: '[redacted]', pass: '[redacted]', region: 'eu' } },
      sessionId: 'kept-as-is',
      list: [{ jwt: '[redacted]' }],
    });
  });

  it('inside JSON kept as text, as the real service keeps metadata', () => {
    const text = JSON.stringify({ headers: { Authorization: 'Bearer abc' }, dsn: 'postgres://u:pw@h/db' });
    const hidden = { headers: { Authorization: '[redacted]' }, dsn: 'postgres://u:[redacted]@h/db' };
    expect(JSON.parse(redactJsonText(text))).toEqual(hidden);
    expect(JSON.parse(redactSecrets(text))).toEqual(hidden);
  });
});

describe('a service’s text of any size', () => {
  // Each pattern runs in one pass: before, 200 KB of letters and an `=` took 20 s (a hang, which the
  // test's timeout catches; nothing here is timed).
  it('a megabyte of letters, spaces or parameters is read in one pass and left as it is', () => {
    for (const text of [
      'a'.repeat(1_000_000) + '=',
      'a=b;' + ' '.repeat(1_000_000) + 'x',
      'a'.repeat(1_000_000) + '://u:@',
    ])
      expect(redactCredentialsIn(text)).toBe(text);
    const url = `${'x'.repeat(1_000_000)} https://u:secret-pw@host/x`;
    expect(redactCredentialsIn(url)).toBe(`${'x'.repeat(1_000_000)} https://u:[redacted]@host/x`);
  });
});

describe('the edges of what is hidden', () => {
  it('splits a key into its words at case changes, acronyms and separators alike', () => {
    for (const key of [
      'APIKey',
      'xAPIKey',
      'OAuthToken',
      'db-password',
      'DB_PWD',
      'basicAuth',
      'userSession',
      'x.api.key',
      'HTTPAuth',
      'dbPass',
      'db_pass_', // a separator at the end: the last word is still pass
    ])
      expect(isSecretKey(key), key).toBe(true);
    for (const key of ['authType', 'sessionId', 'passThrough', 'monkey', 'keyboardLayout', 'Tokenizer', 'APIVersion'])
      expect(isSecretKey(key), key).toBe(false);
    expect(isSecretKey('keyboard')).toBe(false);
    expect(isSecretKey('KEY')).toBe(true);
  });

  it('hides a number or a text under a secret key, and leaves an empty text, null, false and objects to look into', () => {
    expect(
      redactSecrets({
        pin: 1234,
        apiKey: 987654321,
        token: '',
        secret: null,
        password: false,
        credentials: { user: 'u', password: 'p' },
      }),
    ).toEqual({
      pin: 1234,
      apiKey: REDACTED,
      token: '',
      secret: null,
      password: false,
      credentials: { user: 'u', password: REDACTED },
    });
  });

  it('hides parameters in a connection string of name=value; pairs, with or without its last ;', () => {
    expect(redactCredentialsIn('Server=db;Database=x;Password=hunter22')).toBe(
      `Server=db;Database=x;Password=${REDACTED}`,
    );
    expect(redactCredentialsIn('Server=db;Password=hunter22;')).toBe(`Server=db;Password=${REDACTED};`);
    // Spaces inside a name or a value are the string's, not prose.
    expect(redactCredentialsIn('Server=my host;Password=hunter22')).toBe(`Server=my host;Password=${REDACTED}`);
    // Only secret-named parameters go; a URL read with its line break is still one word.
    expect(redactCredentialsIn('https://h/?page=2&api_key=abc\n')).toBe(`https://h/?page=2&api_key=${REDACTED}\n`);
    // Prose with an = is not a parameter list: left as written.
    expect(redactCredentialsIn('set the key=value pairs in the file')).toBe('set the key=value pairs in the file');
    expect(redactCredentialsIn('no credential here')).toBe('no credential here');
    expect(redactCredentialsIn('a password=already [redacted]')).toBe('a password=already [redacted]');
  });

  it('rewrites JSON text only when it held a secret, and reads only what starts as JSON', () => {
    expect(redactJsonText('{"name": "x", "monkey": "y"}')).toBe('{"name": "x", "monkey": "y"}');
    expect(redactJsonText('  {"apiKey": "sk-1"}')).toBe(`{"apiKey":"${REDACTED}"}`);
    expect(redactJsonText('[{"token": "t-1"}]')).toBe(`[{"token":"${REDACTED}"}]`);
    expect(redactJsonText('x {"apiKey": "sk-1"}')).toBe('x {"apiKey": "sk-1"}');
    expect(redactJsonText('{"apiKey": broken')).toBe('{"apiKey": broken');
  });
});
