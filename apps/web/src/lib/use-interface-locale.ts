import type { InterfaceLocale } from '@glossa/contract/locales';
import { api } from '@glossa/contract/routes';
import { useLingui } from '@lingui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';
import { useUser } from './auth';
import { activateLocale, followLearnerLocale } from './i18n';
import { userQueryKey } from './queries/user-info';

/**
 * The interface language and its change (settings and the user menu): the page switches at once,
 * then the learner's stored language follows (POST /api/user/edit), so their other devices, mails
 * and error messages use it too. Signed out, the choice stays on this device only.
 */
export function useInterfaceLocale() {
  const { i18n } = useLingui();
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (locale: InterfaceLocale) => apiRequest(api.user.edit, { body: { locale } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
  // The language being switched to, shown chosen at once: its catalogs may take a moment to load,
  // and a radio that stayed on the old language meanwhile looked as if the click had missed.
  const [choosing, setChoosing] = useState<InterfaceLocale | null>(null);
  const setLocale = async (locale: InterfaceLocale) => {
    setChoosing(locale);
    try {
      await activateLocale(locale);
    } finally {
      setChoosing(null);
    }
    if (user && user.locale !== locale) await save.mutateAsync(locale);
  };
  return { locale: choosing ?? i18n.locale, setLocale, isSaving: save.isPending };
}

/** Switches the interface to the signed-in learner's stored language when it differs. */
export function useFollowLearnerLocale() {
  const { data: user } = useUser();
  const stored = user?.locale;
  useEffect(() => followLearnerLocale(stored), [stored]);
}
