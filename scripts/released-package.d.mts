export function releasedPackage(source: Record<string, unknown>): Record<string, unknown>;
