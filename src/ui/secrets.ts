// Secrets this run knows (the token), so no printed text can carry them: a service that echoes
// the Authorization header back in an error body must not put the token on a CI log.
const secrets = new Set<string>();

/** Short values would blank out ordinary words; real tokens are long. */
const MIN_SECRET_LENGTH = 8;

export function rememberSecret(value: string | undefined): void {
  if (value !== undefined && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

export function scrubSecrets(text: string): string {
  let scrubbed = text;
  for (const secret of secrets) scrubbed = scrubbed.replaceAll(secret, '[redacted]');
  return scrubbed;
}
