// Secrets the service may echo back (the real one nests LLM provider keys in GET /agents/{id}).
const SECRET_KEY = /^(api_?key|apiKey|secret|password|token|access_?token)$/i;

export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) && typeof inner === 'string' && inner !== '' ? '[redacted]' : redactSecrets(inner)]),
  ) as T;
}
