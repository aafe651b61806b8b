// Type-checks workspaces one after another in this process, as `tsc -p <ws> --noEmit` would, for less work:
// - the files every program reads (TypeScript's and the packages' declarations, the shared library's sources) are
//   parsed and bound once and reused by the next program, as an editor's language service does; each program
//   still has a checker of its own, so no workspace's global declarations reach another's;
// - each source file is checked in the program of the workspace that holds it, under that workspace's own
//   settings. A program checks a file of another workspace too when it sees less than that workspace (fewer libs
//   or global types, or other settings): the server reads modules of shared/ without the DOM, so they are also
//   checked there. Where it sees as much or more (a remote reading shared/, the benchmarks reading the server), the
//   file is left to its own workspace, which is what `tsc -p` spent most of its time on.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The settings that decide how a file type-checks, apart from its libs and global types. */
function environmentOf(options) {
  const rest = {};
  for (const [key, value] of Object.entries(options)) {
    if (['configFilePath', 'lib', 'types', 'noEmit', 'pathsBasePath'].includes(key) || value === false || value === undefined) continue;
    rest[key] = value;
  }
  return { lib: new Set(options.lib ?? []), types: new Set(options.types ?? []), rest: JSON.stringify(rest, Object.keys(rest).sort()) };
}

/** True when a program of environment `reader` sees everything a program of `home` does, with the same settings. */
function seesAsMuch(reader, home) {
  const covers = (wide, narrow) => [...narrow].every((entry) => wide.has(entry));
  return reader.rest === home.rest && covers(reader.lib, home.lib) && covers(reader.types, home.types);
}

const realpath = (file) => {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
};

/**
 * Checks `workspaces` (folders of `root` with a tsconfig.json) in order; `allWorkspaces` names every workspace, so a
 * file's home is known even when its workspace is checked in another process. Calls `report(ws, diagnostics, seconds)`
 * after each.
 */
export function checkWorkspaces(root, workspaces, allWorkspaces, report) {
  const cache = new Map();
  const environments = new Map();
  const parse = (ws) => {
    const configPath = path.join(root, ws, 'tsconfig.json');
    const diagnostics = [];
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => diagnostics.push(d) });
    return { parsed, diagnostics };
  };
  for (const ws of allWorkspaces) {
    const { parsed } = parse(ws);
    if (parsed) environments.set(ws, environmentOf(parsed.options));
  }
  const homeOf = (file) => {
    const relative = path.relative(root, realpath(file));
    const top = relative.split(path.sep)[0];
    return relative.startsWith('..') || !environments.has(top) ? null : top;
  };

  for (const ws of workspaces) {
    const started = Date.now();
    const { parsed, diagnostics } = parse(ws);
    if (!parsed) {
      report(ws, diagnostics, (Date.now() - started) / 1000);
      continue;
    }
    const host = ts.createCompilerHost(parsed.options);
    // As tsc parses: JSDoc only where it can carry a type error.
    host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
      const settings = typeof languageVersion === 'object' ? languageVersion : { languageVersion };
      const key = `${settings.languageVersion}|${settings.impliedNodeFormat}|${fileName}`;
      let file = cache.get(key);
      if (!file) {
        file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
        if (file) cache.set(key, file);
      }
      return file;
    };
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host, configFileParsingDiagnostics: parsed.errors });
    const environment = environments.get(ws);
    const checked = program.getSourceFiles().filter((file) => {
      if (program.isSourceFileFromExternalLibrary(file) || program.isSourceFileDefaultLibrary(file)) return false;
      const home = homeOf(file.fileName);
      return home === null || home === ws || !seesAsMuch(environment, environments.get(home));
    });
    diagnostics.push(
      ...program.getConfigFileParsingDiagnostics(),
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
    );
    report(ws, ts.sortAndDeduplicateDiagnostics(diagnostics), (Date.now() - started) / 1000);
  }
}

/** Diagnostics as tsc prints them: with colours and the code around each on a terminal. */
export function formatDiagnostics(diagnostics, root) {
  const host = { getCanonicalFileName: (file) => file, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  return process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host) : ts.formatDiagnostics(diagnostics, host);
}
