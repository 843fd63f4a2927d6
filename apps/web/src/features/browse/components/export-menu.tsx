import { Trans, useLingui } from '@lingui/react/macro';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { ExportFormat } from '@glossa/contract';
import { exportAllCards } from '../api/import-export-requests';
import styles from './export-menu.module.css';

/** "Export" with CSV and JSON: downloads all the learner's own cards. */
export function ExportMenu() {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);

  const onExport = async (format: ExportFormat) => {
    setPending(true);
    try {
      const name = await exportAllCards(format);
      toast.success(t`Your cards were saved as ${name}.`);
    } catch (error) {
      toast.failure(
        error instanceof ApiError ? error.message : t`The cards could not be exported. Try again.`,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" variant="secondary" loading={pending}>
          <Trans>Export</Trans>
          <Icon name="chevronDown" size={14} />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4}>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void onExport('csv')}>
            <Trans>All cards as CSV</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void onExport('json')}>
            <Trans>All cards as JSON</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
