// Which environment variables a stack file may read a key from. A stack file can come from a pull
// request, so it must not be able to send GITHUB_TOKEN or a cloud key to the service: as with
// Terraform's TF_VAR_, only variables named AGENTS_KEY_… are readable, plus those the person running
// the command allows with --allow-env NAME. The CLI's own AGENTS_* settings (the token above all) never.
import { acceptSecret } from '../secrets/known.js';

export const KEY_VARIABLE_PREFIX = 'AGENTS_KEY_';

/** Why a file may not read `name`, or undefined when it may. */
function keyVariableRefusal(name: string, allowed: readonly string[]): string | undefined {
  if (name.startsWith(KEY_VARIABLE_PREFIX)) return undefined;
  if (name.startsWith('AGENTS_'))
    return `${name} is a setting of the CLI itself, which a stack file may never read; name a variable that starts with ${KEY_VARIABLE_PREFIX}`;
  if (allowed.includes(name)) return undefined;
  return `a stack file may read only variables that start with ${KEY_VARIABLE_PREFIX} (e.g. ${KEY_VARIABLE_PREFIX}OPENAI), or one allowed with --allow-env ${name}`;
}

export interface KeyVariables {
  env: Record<string, string | undefined>;
  /** Names given with --allow-env. */
  allowed: readonly string[];
}

/** The key in variable `name`, or the problem with it; a key read is remembered, so no output can show it. */
export function readKeyVariable(name: string, variables: KeyVariables): { value: string } | { problem: string } {
  const refused = keyVariableRefusal(name, variables.allowed);
  if (refused) return { problem: `${name} may not be read: ${refused}` };
  const value = variables.env[name];
  if (!value) return { problem: `${name} is not set` };
  try {
    return { value: acceptSecret(value, name) }; // remembered, or refused when too short to hide
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** The name export writes for a secret it does not show: AGENTS_KEY_<RECORD>_<FIELD>, in capitals. */
export function keyVariableFor(...parts: string[]): string {
  const words = parts.map((part) =>
    part
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase(),
  );
  return KEY_VARIABLE_PREFIX + words.filter(Boolean).join('_');
}
