// autocannon ships no type declarations; the benchmarks use only its promise form.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** A new connection after this many requests. */
    reconnectRate?: number;
  }
  export default function autocannon(options: Options): Promise<unknown>;
}
