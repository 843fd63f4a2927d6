// A catalog as lib/i18n.ts imports it: the Lingui Vite plugin compiles the .po file into this.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
