// zod, loaded when a command runs, not when the program starts: specs name their readers and
// output shapes, which build zod schemas only when called, through `z` here. Building or loading
// zod costs start-up tens of milliseconds that --help, --version and completion never need.
type Zod = typeof import('./zod-parts.js');

let loaded: Zod | undefined;

/** Loads zod; the program does it before a command reads its options. */
export async function loadZod(): Promise<Zod> {
  loaded ??= await import('./zod-parts.js');
  return loaded;
}

/** zod's namespace, each member read when used: calling one before loadZod() is a bug, said loudly. */
export const z: Zod = new Proxy({} as Zod, {
  get(_target, name) {
    if (!loaded) throw new Error(`zod.${String(name)} was used before zod was loaded (loadZod)`);
    return loaded[name as keyof Zod];
  },
});
