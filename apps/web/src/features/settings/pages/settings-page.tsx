import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { AppearanceSection } from '../components/appearance-section';
import { DailyStudySection } from '../components/daily-study-section';
import { DataSection } from '../components/data-section';
import { EmailSection } from '../components/email-section';
import { GradeSettingsSection } from '../components/grade-settings-section';
import { LanguageSection } from '../components/language-section';
import { LearningSettingsForm } from '../components/learning-settings-form';
import { PasswordSection, UsernameSection } from '../components/credentials-section';
import { SessionsSection } from '../components/sessions-section';
import { SubscriptionPanel } from '../components/subscription-panel';
import styles from '../settings.module.css';

/** `shortLabel` is what a phone shows; `label` stays the tab's accessible name. */
const tabs = [
  {
    value: 'learning',
    label: msg`Profile and learning`,
    shortLabel: msg`General`,
    href: paths.app.settings.getHref(),
  },
  {
    value: 'subscription',
    label: msg`Subscription`,
    shortLabel: msg`Plan`,
    href: paths.app.settingsSubscription.getHref(),
  },
  // The path is the seed's (a contract); the label says what the tab holds.
  {
    value: 'authentification',
    label: msg`Sign-in and security`,
    shortLabel: msg`Security`,
    href: paths.app.settingsAuthentification.getHref(),
  },
] as const;

type TabValue = (typeof tabs)[number]['value'];

function tabFromPath(pathname: string): TabValue {
  const normalized = pathname.replace(/\/+$/, '');
  return tabs.find((tab) => tab.href === normalized)?.value ?? 'learning';
}

/**
 * One screen for /app/settings (profile, appearance, learning), /subscription and
 * /authentification (sign-in and security): the tab follows the URL.
 */
export default function SettingsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromPath(location.pathname);
  const current = tabs.find((item) => item.value === tab);
  const user = useUser();
  const { i18n, t } = useLingui();
  const section = current ? i18n._(current.label) : null;
  const errorMessage = user.error?.message;

  const onTabChange = (value: string) => {
    const next = tabs.find((item) => item.value === value);
    if (next && next.value !== tab) void navigate(next.href);
  };

  return (
    <Page title={t`Settings`} documentTitle={section ? t`Settings › ${section}` : t`Settings`}>
      <Tabs.Root value={tab} onValueChange={onTabChange} className={styles.tabs}>
        <Tabs.List className={styles.tabList} aria-label={t`Settings sections`}>
          {tabs.map((item) => (
            <Tabs.Trigger
              key={item.value}
              value={item.value}
              className={styles.tab}
              // The long label is hidden at phone width: the name must not depend on it.
              aria-label={i18n._(item.label)}
            >
              <span className={styles.tabLabel}>{i18n._(item.label)}</span>
              <span className={styles.tabShortLabel} aria-hidden="true">
                {i18n._(item.shortLabel)}
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {user.isPending ? (
          <PageSpinner label={t`Loading your settings`} />
        ) : user.isError ? (
          <p role="alert">
            <Trans>Your settings could not be loaded: {errorMessage}</Trans>
          </p>
        ) : (
          <>
            <Tabs.Content value="learning" className={`${styles.tabPanel} ${styles.wideTabPanel}`}>
              <div className={styles.profileRow}>
                <div className={styles.profileColumn}>
                  <UsernameSection user={user.data} />
                  <EmailSection user={user.data} />
                </div>
                <div className={styles.profileColumn}>
                  <LanguageSection />
                  <AppearanceSection />
                </div>
              </div>
              <DailyStudySection />
              <LearningSettingsForm key={user.data.id} user={user.data} />
              <GradeSettingsSection />
            </Tabs.Content>
            <Tabs.Content value="subscription" className={styles.tabPanel}>
              <SubscriptionPanel user={user.data} />
            </Tabs.Content>
            <Tabs.Content value="authentification" className={styles.tabPanel}>
              <PasswordSection user={user.data} />
              <SessionsSection />
              <DataSection />
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>
    </Page>
  );
}
