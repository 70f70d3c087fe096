// The part of node:sqlite (Node 22.13+) the run log uses: @types/node 20, this package's floor,
// has no types for it.
declare module 'node:sqlite' {
  type SqlValue = null | number | bigint | string | Uint8Array;
  export interface StatementSync {
    run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
    get(...params: SqlValue[]): Record<string, SqlValue> | undefined;
    all(...params: SqlValue[]): Array<Record<string, SqlValue>>;
  }
  export class DatabaseSync {
    constructor(path: string, options?: { open?: boolean; readOnly?: boolean; timeout?: number });
    exec(sql: string): void;
    prepare(sql: string): StatementSync;
    close(): void;
  }
}
