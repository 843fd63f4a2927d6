import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { messages } from '../locales/en/messages.po';

// The tests render in English, the source language, as the app does before any choice. Every
// render gets the I18nProvider the app's AppProvider gives (test/setup.ts wraps render with it).
const features = import.meta.glob<{ messages: Messages }>('../features/*/locales/en.po', {
  eager: true,
});
i18n.load('en', messages);
for (const catalog of Object.values(features)) i18n.load('en', catalog.messages);
i18n.activate('en');

export function I18nWrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
