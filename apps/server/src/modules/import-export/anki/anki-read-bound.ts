const mib = 1024 * 1024;

/**
 * What a read costs is set by the collection, not by the package's bytes (decision 0035, figures
 * on a two-core host under load): a collection at the limits (50,000 notes of 3.6 KB and
 * 1,000,000 answers, about 250 MB) was read in 12 s from a 7 MiB package and from a 62 MiB one
 * (media cost nothing), in 23 s when its notes were dense with formatting, and 250 MB of notes
 * came in a 2.1 MiB package. So from about 2 MiB up any package may be that heavy, and the floor
 * is 5 times the worst read, where the tests take a loaded host as 4 times slower.
 */
const floorMs = 120_000;
/**
 * The package's bytes themselves: a 59 MiB package that was all collection (notes that do not
 * compress, a million answers) was read in 4 s, about 0.07 s a MiB; this is 15 times that.
 */
const msPerMib = 1_000;

/**
 * How long the reader thread may take over a package of `packageBytes` before it is taken as
 * stuck and stopped: 2 minutes, and a second more for each MiB (184 s at the 64 MiB limit).
 */
export function ankiReadBoundMs(packageBytes: number): number {
  return floorMs + Math.ceil(packageBytes / mib) * msPerMib;
}
