// Types for Comlink's Node adapter: the package ships them as node-adapter.d.ts, which
// TypeScript does not pair with the .mjs file Node must import.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';
  export default function nodeEndpoint(nep: unknown): Endpoint;
}
