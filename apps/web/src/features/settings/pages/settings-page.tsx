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
import { LearningSettingsForm } from '../components/learning-settings-form';
import { PasswordSection, UsernameSection } from '../components/credentials-section';
import { SessionsSection } from '../components/sessions-section';
import { SubscriptionPanel } from '../components/subscription-panel';
import styles from '../settings.module.css';

/** `shortLabel` is what a phone shows; `label` stays the tab's accessible name. */
const tabs = [
  {
    value: 'learning',
    label: 'Profile and learning',
    shortLabel: 'General',
    href: paths.app.settings.getHref(),
  },
  {
    value: 'subscription',
    label: 'Subscription',
    shortLabel: 'Plan',
    href: paths.app.settingsSubscription.getHref(),
  },
  // The path is the seed's (a contract); the label says what the tab holds.
  {
    value: 'authentification',
    label: 'Sign-in and security',
    shortLabel: 'Security',
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

  const onTabChange = (value: string) => {
    const next = tabs.find((item) => item.value === value);
    if (next && next.value !== tab) void navigate(next.href);
  };

  return (
    <Page title="Settings" documentTitle={current ? `Settings › ${current.label}` : 'Settings'}>
      <Tabs.Root value={tab} onValueChange={onTabChange} className={styles.tabs}>
        <Tabs.List className={styles.tabList} aria-label="Settings sections">
          {tabs.map((item) => (
            <Tabs.Trigger
              key={item.value}
              value={item.value}
              className={styles.tab}
              // The long label is hidden at phone width: the name must not depend on it.
              aria-label={item.label}
            >
              <span className={styles.tabLabel}>{item.label}</span>
              <span className={styles.tabShortLabel} aria-hidden="true">
                {item.shortLabel}
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {user.isPending ? (
          <PageSpinner label="Loading your settings" />
        ) : user.isError ? (
          <p role="alert">Your settings could not be loaded: {user.error.message}</p>
        ) : (
          <>
            <Tabs.Content value="learning" className={`${styles.tabPanel} ${styles.wideTabPanel}`}>
              <div className={styles.profileRow}>
                <div className={styles.profileColumn}>
                  <UsernameSection user={user.data} />
                  <EmailSection user={user.data} />
                </div>
                <AppearanceSection />
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
