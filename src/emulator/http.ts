// Small helpers for writing answers the way the real service (FastAPI 0.95) does.
import type { ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendEnvelope(
  res: ServerResponse,
  data: unknown,
  status = 200,
  extra: Record<string, unknown> = {},
): void {
  sendJson(res, status, { success: true, data: data ?? null, ...extra });
}

/** Exceptions raised outside the real service's handlers come back as plain text. */
export function sendInternalError(res: ServerResponse): void {
  res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Internal Server Error');
}

export function sendDetail(res: ServerResponse, status: number, detail: unknown): void {
  sendJson(res, status, { detail });
}

export interface FieldError {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

export function sendValidation(res: ServerResponse, errors: FieldError[]): void {
  sendDetail(res, 422, errors);
}
