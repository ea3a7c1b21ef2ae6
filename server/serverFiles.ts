// The files the server reads at run time: the migrations, reference tables and the demo's
// schedule in the source tree, which an installation keeps beside its build, and what the build
// made in dist-server/. This module sits one folder below the package root, and so does every
// bundle of the build (dist-server/*.js), so one relative path finds them whether the server runs
// from its sources or built.
import { fileURLToPath } from 'node:url';

/** The absolute path of `path`, given relative to the server's source folder (`seed/data/x.csv`). */
export function serverFile(path: string): string {
  return fileURLToPath(new URL(`../server/${path}`, import.meta.url));
}

/** The absolute path of `path` in the build's folder, dist-server/ (which may not exist). */
export function buildFile(path: string): string {
  return fileURLToPath(new URL(`../dist-server/${path}`, import.meta.url));
}
