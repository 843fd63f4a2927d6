// The single dictionaries of the zxcvbn-ts language packages, imported one by one so that the
// estimator's chunk carries only those it uses (lib/password-estimator.ts): each file's default
// export is its word list, decompressed.
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs' {
  import type { OptionsGraph } from '@zxcvbn-ts/core';
  const graphs: OptionsGraph;
  export default graphs;
}
declare module '@zxcvbn-ts/language-en/dist/commonWords.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/firstnames.json.mjs' {
  const words: string[];
  export default words;
}
declare module '@zxcvbn-ts/language-en/dist/translations.mjs' {
  import type { TranslationKeys } from '@zxcvbn-ts/core';
  const translations: TranslationKeys;
  export default translations;
}
// The advice's translations in the interface's other languages (lib/password-estimator.ts).
declare module '@zxcvbn-ts/language-de/dist/translations.esm.js' {
  import type { TranslationKeys } from '@zxcvbn-ts/core';
  const translations: TranslationKeys;
  export default translations;
}
declare module '@zxcvbn-ts/language-es-es/dist/translations.mjs' {
  import type { TranslationKeys } from '@zxcvbn-ts/core';
  const translations: TranslationKeys;
  export default translations;
}
declare module '@zxcvbn-ts/language-fr/dist/translations.mjs' {
  import type { TranslationKeys } from '@zxcvbn-ts/core';
  const translations: TranslationKeys;
  export default translations;
}
