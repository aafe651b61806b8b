/**
 * What the sandbox is asked and what it answers (`evaluateExports.ts` runs a job, `sandboxFiles.ts` serves its
 * files, `runtimeExports.ts` makes one on the serving thread and sends it to the sandbox's worker thread).
 */

export interface SandboxLimits {
  /** Interpreter time for one module and what it requires. */
  timeMs: number;
  /**
   * Memory the interpreter may have. Its own limit (`setMemoryLimit`) counts the object heap but lets large
   * strings and array buffers pile up past it (quickjs-emscripten issue 271), so the bound that holds is the
   * WebAssembly memory itself, given a maximum of this size: past it an allocation fails inside the
   * interpreter, which throws "out of memory".
   */
  memoryBytes: number;
  /** Package text it may read in all (a bundle of bundles is better left to the lexer). */
  sourceBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeMs: 2_000, memoryBytes: 128 * 1024 * 1024, sourceBytes: 16 * 1024 * 1024 };

/** A file's text: where it is on disk, or the text itself. */
export type SandboxSource = { diskPath: string } | { text: string };

/**
 * A package the evaluated module's packages depend on, resolved as the build resolves it (an exact version
 * through the store). Its files appear to the module under `/node_modules/{key}/`.
 */
export interface SandboxPackage {
  /** `name@version`. */
  key: string;
  name: string;
  manifest: Record<string, unknown>;
  files: [path: string, source: SandboxSource][];
  /** Its `browser` field replacements, as its own build applies them. */
  replacements: [from: string, to: string | false][];
}

export interface SandboxJob {
  /** The package's name (a module requiring its own name gets its own files). */
  name: string;
  manifest: Record<string, unknown>;
  /** The package file to evaluate ('/index.js'). */
  entry: string;
  /** The package's files: path, and where its text is on disk or the text itself. */
  files: [path: string, source: SandboxSource][];
  /** `browser` field replacements the build applies: a file for a file, or false for nothing. */
  replacements: [from: string, to: string | false][];
  limits: SandboxLimits;
  /**
   * List the keys of this property of `module.exports` instead of its own: an ES module compiled to CommonJS
   * keeps its `export { x as "module.exports" }` there, and Node's `require()` of the ES module gives `x`.
   */
  property?: string;
  /** Dependency packages loaded for this run (none: every other package is an inert stand-in). */
  packages?: SandboxPackage[];
  /**
   * Which package each declared dependency resolved to: the depending package's key ('' for the evaluated
   * package), the dependency's declared name, and the key of the package loaded for it.
   */
  links?: [from: string, name: string, key: string][];
}

/**
 * A package some evaluated package requires by a name it declares (`dependencies`, `optionalDependencies`,
 * `peerDependencies`) and that this run did not have: it met a stand-in instead. `from` is the depending
 * package's key ('' for the evaluated package). The caller may load it and run again.
 */
export interface WantedPackage {
  from: string;
  name: string;
}

export type SandboxResult = ({ ok: true; names: string[]; esModule: boolean } | { ok: false; reason: string; vanished?: string }) & {
  wanted?: WantedPackage[];
};
