// Stands in for the SDK's ajv-backed JSON Schema validator in the bundle (scripts/build.mjs):
// the SDK's Server loads it only to check elicitation answers, which `agents mcp serve` never
// asks for, and loading ajv cost about 40 ms of every server start, before the first tools/list.
export class AjvJsonSchemaValidator {
  getValidator() {
    return () => ({
      valid: false,
      data: undefined,
      errorMessage: 'agents mcp serve asks for no elicitation, so it validates none',
    });
  }
}
